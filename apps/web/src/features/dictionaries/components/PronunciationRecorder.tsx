import type { WordAudio } from '@wordhoard/shared';
import { Mic, RotateCcw, Save, Square, Trash2, Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TABULAR_NUMS } from '../../../shared/ui';
import { cx } from '../../../shared/lib/classNames';
import { AUDIO_ACCEPT, AUDIO_MAX_MB, AUDIO_MAX_SECONDS, audioProblem } from '../lib/media';
import { usePronunciationRecorder } from '../lib/usePronunciationRecorder';
import styles from './WordMedia.module.css';

interface PronunciationRecorderProps {
  /** The word's term, for the labels. */
  term: string;
  /** The stored recording, if any. */
  audio: WordAudio | null;
  /** Being stored or removed. */
  busy?: boolean;
  /** The server's refusal, in the user's language. */
  error?: string | null;
  /** Stores a recording or an audio file that passed the checks; rejects when it was refused. */
  onSave: (file: Blob) => Promise<unknown>;
  onRemove: () => void;
}

/**
 * A word's recorded pronunciation: record up to 10 s from the microphone (a countdown, stopping
 * by itself), listen to it, record again, save it; or upload an audio file. Without a
 * microphone, or when it is refused, the message says so and the upload still works.
 */
export function PronunciationRecorder({
  term,
  audio,
  busy = false,
  error,
  onSave,
  onRemove,
}: PronunciationRecorderProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { phase, secondsLeft, recorded, problem, setProblem, start, stop, discard } =
    usePronunciationRecorder();

  const save = async (file: Blob) => {
    try {
      await onSave(file);
      discard();
    } catch {
      // The refusal is shown from `error`; the recording stays to try again.
    }
  };

  const upload = (file: File | null) => {
    if (!file) return;
    const found = audioProblem(file);
    if (found === 'type') setProblem(t('Dictionaries.Media.AudioType'));
    else if (found === 'size') setProblem(t('Dictionaries.Media.AudioSize', { max: AUDIO_MAX_MB }));
    else {
      setProblem(null);
      void save(file);
    }
  };

  const status =
    phase === 'starting'
      ? t('Dictionaries.Media.Starting')
      : phase === 'recording'
        ? t('Dictionaries.Media.Recording', { count: secondsLeft })
        : phase === 'recorded'
          ? t('Dictionaries.Media.Recorded')
          : '';
  const message = problem ?? error ?? null;
  const recording = phase === 'recording' || phase === 'starting';

  return (
    <div role="group" aria-labelledby={headingId} className={styles.zone} data-testid="recorder">
      <p id={headingId} className={styles.heading}>
        {t('Dictionaries.Media.Pronunciation')}
      </p>
      {audio && phase === 'idle' && (
        <div className={styles.saved}>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- one spoken word: nothing to caption */}
          <audio
            controls
            preload="none"
            src={audio.url}
            aria-label={t('Dictionaries.Media.SavedRecording', { term })}
            className={styles.player}
          />
          <Button variant="ghost" size="sm" icon={<Trash2 />} disabled={busy} onClick={onRemove}>
            {t('Dictionaries.Media.RemoveRecording')}
          </Button>
        </div>
      )}
      {phase === 'recording' && (
        <p className={cx(styles.countdown, TABULAR_NUMS)} aria-hidden="true" data-testid="countdown">
          {secondsLeft}
        </p>
      )}
      <p role="status" aria-live="polite" className={styles.status}>
        {status}
      </p>
      {phase === 'recorded' && recorded && (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- one spoken word: nothing to caption
        <audio
          controls
          src={recorded.url || undefined}
          aria-label={t('Dictionaries.Media.NewRecording', { term })}
          className={styles.player}
          data-testid="recording-preview"
        />
      )}
      <div className={styles.controls}>
        {recording ? (
          <Button
            variant="primary"
            size="sm"
            icon={<Square />}
            onClick={stop}
            disabled={phase === 'starting'}
          >
            {t('Dictionaries.Media.Stop')}
          </Button>
        ) : phase === 'recorded' && recorded ? (
          <>
            <Button size="sm" icon={<Save />} busy={busy} onClick={() => void save(recorded.file)}>
              {t('Dictionaries.Media.SaveRecording')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              icon={<RotateCcw />}
              disabled={busy}
              onClick={() => void start()}
            >
              {t('Dictionaries.Media.RecordAgain')}
            </Button>
            <Button variant="ghost" size="sm" disabled={busy} onClick={discard}>
              {t('Dictionaries.Media.Discard')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" size="sm" icon={<Mic />} disabled={busy} onClick={() => void start()}>
            {audio ? t('Dictionaries.Media.RecordNew') : t('Dictionaries.Media.Record')}
          </Button>
        )}
        {!recording && (
          <>
            <input
              ref={inputRef}
              type="file"
              accept={AUDIO_ACCEPT}
              className={styles.fileInput}
              tabIndex={-1}
              aria-hidden="true"
              data-testid="audio-input"
              onChange={(event) => {
                upload(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
            <Button
              variant="ghost"
              size="sm"
              icon={<Upload />}
              busy={busy && phase === 'idle'}
              disabled={busy && phase !== 'idle'}
              onClick={() => inputRef.current?.click()}
            >
              {t('Dictionaries.Media.UploadAudio')}
            </Button>
          </>
        )}
      </div>
      <p className={styles.hint}>
        {t('Dictionaries.Media.AudioHint', { seconds: AUDIO_MAX_SECONDS, max: AUDIO_MAX_MB })}
      </p>
      {message && (
        <p role="alert" className={styles.error}>
          {message}
        </p>
      )}
    </div>
  );
}
