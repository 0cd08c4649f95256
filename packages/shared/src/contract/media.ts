// A word's picture and recording, the media files and the account's storage
// (docs/decisions/0063-word-media.md). Served by features/media.
import { AUDIO_CONTENT_TYPES, AUDIO_MAX_BYTES, PICTURE_CONTENT_TYPES, PICTURE_MAX_BYTES } from '../constants';
import { wordParamsSchema } from '../schemas/common';
import { wordSchema } from '../schemas/dictionaries';
import { mediaFileSchema, mediaParamsSchema, mediaUsageSchema } from '../schemas/media';
import { endpoint, type Endpoint } from './endpoint';

export const mediaEndpoints = {
  putWordPicture: endpoint({
    method: 'PUT',
    path: '/dictionaries/:id/words/:wordId/picture',
    access: 'member',
    tag: 'dictionaries',
    summary: "Set a word's picture (JPEG, PNG, WebP or AVIF up to 5 MB; re-encoded, EXIF removed)",
    params: wordParamsSchema,
    upload: { contentTypes: PICTURE_CONTENT_TYPES, maxBytes: PICTURE_MAX_BYTES },
    status: 200,
    response: wordSchema,
  }),
  deleteWordPicture: endpoint({
    method: 'DELETE',
    path: '/dictionaries/:id/words/:wordId/picture',
    access: 'member',
    tag: 'dictionaries',
    summary: "Remove a word's picture",
    params: wordParamsSchema,
    status: 200,
    response: wordSchema,
  }),
  putWordAudio: endpoint({
    method: 'PUT',
    path: '/dictionaries/:id/words/:wordId/audio',
    access: 'member',
    tag: 'dictionaries',
    summary: "Set a word's recorded pronunciation (up to 10 s and 1 MB)",
    params: wordParamsSchema,
    upload: { contentTypes: AUDIO_CONTENT_TYPES, maxBytes: AUDIO_MAX_BYTES },
    status: 200,
    response: wordSchema,
  }),
  deleteWordAudio: endpoint({
    method: 'DELETE',
    path: '/dictionaries/:id/words/:wordId/audio',
    access: 'member',
    tag: 'dictionaries',
    summary: "Remove a word's recorded pronunciation",
    params: wordParamsSchema,
    status: 200,
    response: wordSchema,
  }),
  getMedia: endpoint({
    method: 'GET',
    path: '/media/:mediaId',
    access: 'member',
    tag: 'media',
    summary:
      "A word's picture or recording, to its owner only (anyone else: 404); immutable, with ETag and Range",
    params: mediaParamsSchema,
    status: 200,
    response: mediaFileSchema,
  }),
  mediaUsage: endpoint({
    method: 'GET',
    path: '/users/me/media',
    access: 'member',
    tag: 'media',
    summary: 'Bytes of pictures and recordings the account stores, and its quota',
    status: 200,
    response: mediaUsageSchema,
  }),
} as const satisfies Record<string, Endpoint>;
