import {
  AUDIO_CONTENT_TYPES,
  AUDIO_MAX_BYTES,
  AUDIO_MAX_SECONDS,
  PICTURE_CONTENT_TYPES,
  PICTURE_MAX_BYTES,
} from '@wordhoard/shared';

/** Why a chosen file is refused before it is sent: the i18n key of the message. */
export type FileProblem = 'type' | 'size';

const MB = 1024 * 1024;

/** The accept attribute of the picture input: the four types the server takes. */
export const PICTURE_ACCEPT = PICTURE_CONTENT_TYPES.join(',');
/** The accept attribute of the audio input. */
export const AUDIO_ACCEPT = AUDIO_CONTENT_TYPES.join(',');
export const PICTURE_MAX_MB = PICTURE_MAX_BYTES / MB;
export const AUDIO_MAX_MB = AUDIO_MAX_BYTES / MB;
export { AUDIO_MAX_SECONDS };

/** A media type without its parameters ("audio/webm;codecs=opus" → "audio/webm"). */
export function baseType(type: string): string {
  return type.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** A picture the server would refuse for its type or size; null when it may be sent. */
export function pictureProblem(file: Blob): FileProblem | null {
  if (!(PICTURE_CONTENT_TYPES as readonly string[]).includes(baseType(file.type))) return 'type';
  if (file.size > PICTURE_MAX_BYTES) return 'size';
  return null;
}

/** A recording or audio file the server would refuse for its type or size; null when it may be sent. */
export function audioProblem(file: Blob): FileProblem | null {
  if (!(AUDIO_CONTENT_TYPES as readonly string[]).includes(baseType(file.type))) return 'type';
  if (file.size > AUDIO_MAX_BYTES) return 'size';
  return null;
}

/**
 * The recording format this browser's MediaRecorder can make among those the server takes
 * (Chrome and Firefox: WebM or Ogg Opus; Safari: MP4 AAC); undefined lets the browser choose.
 */
export function recordingType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function')
    return undefined;
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find((type) =>
    MediaRecorder.isTypeSupported(type),
  );
}

/** The first file of a drop or a paste, if any. */
export function firstFile(data: DataTransfer | null): File | null {
  if (!data) return null;
  if (data.files.length > 0) return data.files[0] ?? null;
  for (const item of Array.from(data.items)) {
    if (item.kind === 'file') return item.getAsFile();
  }
  return null;
}

/**
 * A URL showing a chosen or recorded file in the page (img, audio); '' where the environment
 * has none (jsdom). Made in the handler that takes the file, released with releasePreview
 * once it is no longer shown.
 */
export function previewUrl(blob: Blob): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '';
}

export function releasePreview(url: string | null | undefined): void {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

/** A file chosen or recorded and not stored yet, with the URL that shows it. */
export interface PendingFile {
  file: Blob;
  url: string;
}
