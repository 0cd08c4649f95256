import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUDIO_MAX_SECONDS,
  baseType,
  previewUrl,
  recordingType,
  releasePreview,
  type PendingFile,
} from './media';

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'recorded';

/**
 * Stopping a little before the limit: a recorder stops at the next chunk of audio, so a stop
 * asked at 10.0 s may make a recording the server finds longer than 10 s.
 */
const STOP_MARGIN_MS = 150;

/** Whether this browser can record from a microphone at all. */
function canRecord(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'mediaDevices' in navigator &&
    typeof navigator.mediaDevices.getUserMedia === 'function' &&
    typeof MediaRecorder !== 'undefined'
  );
}

/**
 * The microphone side of the pronunciation recorder: asks for the microphone, records up to
 * AUDIO_MAX_SECONDS with a countdown (stopping by itself), keeps the recording with a preview URL,
 * and lets the microphone and the URL go when the recorder leaves the screen. `problem` is the
 * message to show, in the user's language; the caller may set it too (a refused upload).
 */
export function usePronunciationRecorder() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [secondsLeft, setSecondsLeft] = useState(AUDIO_MAX_SECONDS);
  const [recorded, setRecordedState] = useState<PendingFile | null>(null);
  // The shown recording's URL, released when it is replaced and when the recorder goes.
  const recordedUrlRef = useRef<string | null>(null);
  const setRecorded = (file: Blob | null) => {
    releasePreview(recordedUrlRef.current);
    const next = file ? { file, url: previewUrl(file) } : null;
    recordedUrlRef.current = next?.url ?? null;
    setRecordedState(next);
  };
  const [problem, setProblem] = useState<string | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timersRef = useRef<{ tick: number; end: number } | null>(null);

  const clearTimers = () => {
    if (!timersRef.current) return;
    window.clearInterval(timersRef.current.tick);
    window.clearTimeout(timersRef.current.end);
    timersRef.current = null;
  };
  const releaseMicrophone = () => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  };

  // Leaving the screen mid-recording lets the microphone go.
  useEffect(
    () => () => {
      clearTimers();
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') {
        recorder.ondataavailable = null;
        recorder.onstop = null;
        recorder.stop();
      }
      releaseMicrophone();
      releasePreview(recordedUrlRef.current);
      recordedUrlRef.current = null;
    },
    [],
  );

  const stop = () => {
    clearTimers();
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  };

  const start = async () => {
    setProblem(null);
    if (!canRecord()) {
      setProblem(t('Dictionaries.Media.CannotRecord'));
      return;
    }
    setPhase('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (caught) {
      // A DOMException, which is not an Error everywhere.
      const name =
        typeof caught === 'object' && caught !== null && 'name' in caught ? String(caught.name) : '';
      setProblem(
        name === 'NotAllowedError' || name === 'SecurityError'
          ? t('Dictionaries.Media.MicrophoneDenied')
          : t('Dictionaries.Media.NoMicrophone'),
      );
      setPhase('idle');
      return;
    }
    streamRef.current = stream;
    const type = recordingType();
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    } catch {
      releaseMicrophone();
      setProblem(t('Dictionaries.Media.CannotRecord'));
      setPhase('idle');
      return;
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      releaseMicrophone();
      const mediaType = baseType(recorder.mimeType || type || chunks[0]?.type || 'audio/webm');
      const blob = new Blob(chunks, { type: mediaType });
      if (blob.size === 0) {
        setProblem(t('Dictionaries.Media.RecordingEmpty'));
        setPhase('idle');
        return;
      }
      setRecorded(blob);
      setPhase('recorded');
    };
    recorderRef.current = recorder;
    recorder.start();
    const startedAt = Date.now();
    setSecondsLeft(AUDIO_MAX_SECONDS);
    setPhase('recording');
    timersRef.current = {
      tick: window.setInterval(() => {
        const elapsed = (Date.now() - startedAt) / 1000;
        setSecondsLeft(Math.max(0, Math.ceil(AUDIO_MAX_SECONDS - elapsed)));
      }, 250),
      end: window.setTimeout(stop, AUDIO_MAX_SECONDS * 1000 - STOP_MARGIN_MS),
    };
  };

  /** Drops the recording (saved or discarded) and goes back to idle. */
  const discard = () => {
    setRecorded(null);
    setPhase('idle');
  };

  return { phase, secondsLeft, recorded, problem, setProblem, start, stop, discard };
}
