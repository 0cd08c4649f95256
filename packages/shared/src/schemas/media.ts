// A word's picture and recording, the media files served to their owner, and the account's
// storage against its quota (docs/decisions/0063-word-media.md).
import { z } from 'zod';
import { idSchema } from './common';

/**
 * A word's picture: re-encoded on the server (EXIF gone), served only to its owner from `url`
 * (docs/decisions/0063-word-media.md).
 */
export const wordPictureSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type WordPicture = z.infer<typeof wordPictureSchema>;

/** A word's recorded pronunciation (up to 10 s), played before speech synthesis. */
export const wordAudioSchema = z.object({
  url: z.string(),
  durationMs: z.number().int(),
});
export type WordAudio = z.infer<typeof wordAudioSchema>;

export const mediaParamsSchema = z.object({ mediaId: idSchema });
/** Who stores how much: pictures and recordings of every word of the account, against the role's quota. */
export const mediaUsageSchema = z.object({ usedBytes: z.number().int(), quotaBytes: z.number().int() });
export type MediaUsage = z.infer<typeof mediaUsageSchema>;
/** A media file's bytes (GET /media/:mediaId): its own Content-Type, not JSON. */
export const mediaFileSchema = z.string();
