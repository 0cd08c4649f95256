import { AUDIO_MAX_SECONDS } from '@wordhoard/shared';
import { ascii } from './audio-codecs';
import { AudioError, AudioTooLongError } from './audio-error';
import { adtsFrameAt, adtsSeconds, afterId3, mp3FrameAt, mp3Seconds } from './audio-frames';
import { mp4Seconds } from './audio-mp4';
import { oggSeconds } from './audio-ogg';
import { wavSeconds } from './audio-wav';
import { webmDocType, webmSeconds } from './audio-webm';

export { AudioError, AudioTooLongError };

/** Recorders stop a little late: this much over the limit is still taken. */
export const AUDIO_TOLERANCE_MS = 500;

/**
 * How long a recording of each upload type plays, in seconds, measured from its audio data
 * (docs/decisions/0074-recordings-measured-from-their-audio.md): frames, packets or samples
 * counted, never a header's claim of its own length. Each reads the file once, front to back.
 */
const MEASURES: Record<string, (data: Uint8Array) => number> = {
  'audio/webm': webmSeconds,
  'audio/ogg': oggSeconds,
  'audio/mpeg': mp3Seconds,
  'audio/aac': adtsSeconds,
  'audio/mp4': mp4Seconds,
  'audio/wav': wavSeconds,
};

/** The upload type of a recording by its first bytes (an Anki file); undefined if not one we take. */
export async function sniffAudioType(input: Uint8Array): Promise<string | undefined> {
  if (ascii(input, 0, 4) === 'RIFF' && ascii(input, 8, 4) === 'WAVE') return 'audio/wav';
  if (ascii(input, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(input, 4, 4) === 'ftyp') return 'audio/mp4';
  if (webmDocType(input) === 'webm') return 'audio/webm';
  let start: number;
  try {
    start = afterId3(input);
  } catch {
    return undefined;
  }
  if (mp3FrameAt(input, start)) return 'audio/mpeg';
  if (adtsFrameAt(input, start)) return 'audio/aac';
  return undefined;
}

export interface CheckedAudio {
  durationMs: number;
}

/**
 * Checks a recording with our own pure-JS readers: it must be the container its Content-Type
 * names, hold audio of a codec we can measure, and play at most AUDIO_MAX_SECONDS. It is kept as
 * it came (no transcoding; docs/decisions/0063-word-media.md).
 */
export async function checkAudio(input: Uint8Array, contentType: string): Promise<CheckedAudio> {
  const measure = MEASURES[contentType];
  if (!measure) throw new AudioError(`recordings are not taken as ${contentType}`);
  let seconds: number;
  try {
    seconds = measure(input);
  } catch (error) {
    // A reader that reads past the bytes it was given (a DataView's RangeError) met a broken file.
    if (error instanceof AudioError || !(error instanceof RangeError)) throw error;
    throw new AudioError('a recording cut short', { cause: error });
  }
  if (!Number.isFinite(seconds) || seconds <= 0) throw new AudioError('the recording has no sound');
  const durationMs = Math.round(seconds * 1000);
  if (durationMs > AUDIO_MAX_SECONDS * 1000 + AUDIO_TOLERANCE_MS)
    throw new AudioTooLongError(`${durationMs} ms`);
  return { durationMs };
}
