import type { WordAudio, WordPicture } from '@wordhoard/shared';

/**
 * The picture and recorded pronunciation the server sends with a test's word and with each
 * word of the report (issue 21). `audio` is null where playing it would give the answer away;
 * both are absent from an answer of a server that predates them.
 */
interface WithMedia {
  picture?: WordPicture | null;
  audio?: WordAudio | null;
}

export const pictureOf = (item: object): WordPicture | null => (item as WithMedia).picture ?? null;
export const audioOf = (item: object): WordAudio | null => (item as WithMedia).audio ?? null;
