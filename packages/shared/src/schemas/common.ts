// The shapes every feature uses: interface and content languages, roles, ids, dates, sort
// directions, the `:id` and `:wordId` route parameters, and the few answers no feature owns
// (health, a URL to go to, an empty body).
import { z } from 'zod';
import { LANGUAGES, ROLES } from '../constants';
import { CONTENT_LANGUAGES } from '../languages';
import { encodeMessage, VALIDATION_KEYS } from '../messageCodec';

/** An interface language (SPEC §3): the seven the interface is translated into. */
export const languageSchema = z.enum(LANGUAGES);
/** A dictionary's terms or definitions language: any ISO 639-1 code (decision 0059). */
export const contentLanguageSchema = z.enum(CONTENT_LANGUAGES, {
  error: encodeMessage(VALIDATION_KEYS.unknownLanguage),
});
export const roleSchema = z.enum(ROLES);

/** 1 ascending, -1 descending; query strings carry "1" / "-1". */
export const sortDirectionSchema = z.union([z.literal(1), z.literal(-1)]);
export type SortDirection = z.infer<typeof sortDirectionSchema>;
export const sortDirectionInputSchema = z
  .union([z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1')])
  .transform((value): SortDirection => (Number(value) === 1 ? 1 : -1));

export const isoDateSchema = z.iso.datetime({ offset: true });
export const idSchema = z.uuid();

export const idParamsSchema = z.object({ id: idSchema });
export const wordParamsSchema = z.object({ id: idSchema, wordId: idSchema });

/** `version`: the app's, from the root package.json (APP_VERSION), so an operator sees what runs. */
export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), version: z.string() });

export const urlSchema = z.object({ url: z.url() });

export const emptySchema = z.null();
