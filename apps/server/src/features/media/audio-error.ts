/** A file that is not a recording we take (its container, its codec, or bytes that are no audio). */
export class AudioError extends Error {
  override name = 'AudioError';
}

/** A recording longer than AUDIO_MAX_SECONDS (with the tolerance). */
export class AudioTooLongError extends Error {
  override name = 'AudioTooLongError';
}
