/** Interface and dictionary languages (SPEC §3). English is the fallback. */
export const LANGUAGES = ['en', 'uk', 'de', 'fr', 'es', 'it', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The two-letter language of a tag such as "de-AT", or the fallback. */
export function toLanguage(tag: string | null | undefined): Language {
  const two = (tag ?? '').trim().slice(0, 2).toLowerCase();
  return isLanguage(two) ? two : DEFAULT_LANGUAGE;
}

/** Picks the best supported language from an Accept-Language header value. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const two = tag.slice(0, 2).toLowerCase();
    if (isLanguage(two)) return two;
  }
  return DEFAULT_LANGUAGE;
}

export const ROLES = [
  'user',
  'guest',
  'premium',
  'notVerifiedUser',
  'developer',
  'notAcceptedPolicyUser',
  'friend',
] as const;
export type Role = (typeof ROLES)[number];

export interface RoleLimits {
  dictionaries: number;
  wordsPerDictionary: number;
  testsPerDay: number;
  /** Bytes of pictures and recordings the account may store (docs/decisions/0063-word-media.md). */
  mediaBytes: number;
}

const MB = 1024 * 1024;
const USER_LIMITS: RoleLimits = {
  dictionaries: 2,
  wordsPerDictionary: 300,
  testsPerDay: 5,
  mediaBytes: 50 * MB,
};

/** SPEC §6. Users who have not finished sign-up get the `user` limits (DESIGN §4). */
export const ROLE_LIMITS: Readonly<Record<Role, RoleLimits>> = {
  guest: { dictionaries: 1, wordsPerDictionary: 100, testsPerDay: 3, mediaBytes: 10 * MB },
  user: USER_LIMITS,
  premium: { dictionaries: 10, wordsPerDictionary: 2000, testsPerDay: 50, mediaBytes: 1024 * MB },
  developer: { dictionaries: 40, wordsPerDictionary: 5000, testsPerDay: 200, mediaBytes: 2048 * MB },
  friend: { dictionaries: 10, wordsPerDictionary: 2000, testsPerDay: 50, mediaBytes: 1024 * MB },
  notVerifiedUser: USER_LIMITS,
  notAcceptedPolicyUser: USER_LIMITS,
};

export type RoleLimitsTable = Readonly<Record<Role, RoleLimits>>;

/** The roles of the free plan: a signed-up account, and one still finishing its sign-up. */
export const FREE_ROLES = [
  'user',
  'notVerifiedUser',
  'notAcceptedPolicyUser',
] as const satisfies readonly Role[];

/**
 * The limits of an instance whose operator raised (or lowered) the free plan's
 * (FREE_DICTIONARIES, FREE_WORDS_PER_DICTIONARY, FREE_TESTS_PER_DAY; docs/operations.md).
 */
export function withFreeLimits(
  free: Partial<Pick<RoleLimits, 'dictionaries' | 'wordsPerDictionary' | 'testsPerDay'>>,
  table: RoleLimitsTable = ROLE_LIMITS,
): RoleLimitsTable {
  const changed = { ...table };
  for (const role of FREE_ROLES) changed[role] = { ...table[role], ...free };
  return changed;
}

/** Roles that have finished sign-up and may use the app's features. */
export const ACTIVE_ROLES = [
  'user',
  'guest',
  'premium',
  'developer',
  'friend',
] as const satisfies readonly Role[];

export const WORDS_PAGE_SIZE = 40;
/** Most words one import may carry: the largest role limit (developer, SPEC §6). */
export const MAX_IMPORT_WORDS = 5000;
/** The request body limit of the import endpoints (the app default is 100 KB). */
export const IMPORT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
/** The largest Anki package (.apkg) an import reads (docs/decisions/0061-anki-import-export.md). */
export const ANKI_PACKAGE_MAX_BYTES = 16 * 1024 * 1024;
/**
 * What an Anki package may be sent as: it is a zip, and browsers type a file they do not know
 * (.apkg) in several ways; the web sends application/octet-stream.
 */
export const ANKI_CONTENT_TYPES = [
  'application/octet-stream',
  'application/zip',
  'application/x-zip-compressed',
  'application/apkg',
] as const;
/** A picture upload (JPEG, PNG, WebP or AVIF) before the server re-encodes it. */
export const PICTURE_MAX_BYTES = 5 * MB;
export const PICTURE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** The longest side of a stored picture, in pixels. */
export const PICTURE_MAX_SIDE = 1024;
/** A recorded or uploaded pronunciation. */
export const AUDIO_MAX_BYTES = 1 * MB;
export const AUDIO_MAX_SECONDS = 10;
export const AUDIO_CONTENT_TYPES = [
  'audio/webm',
  'audio/ogg',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/wav',
] as const;
export const DICTIONARIES_PAGE_SIZE = 40;
export const MAX_PAGE_LIMIT = 100;

/** SPEC §5 text limits. Which field uses which: docs/decisions/0005-validation-rules.md. */
export const TEXT_LENGTH = { extraShort: 10, short: 31, middle: 63, long: 255 } as const;

export const PASSWORD_LENGTH = { min: 8, max: 32 } as const;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MS = 15 * 60 * 1000;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;

export const GUEST_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** After a purchase the role can take this long to change (SPEC §4, §9). */
export const ROLE_UPDATE_DELAY_MS = 5 * 60 * 1000;

export const PREMIUM_PRICE_PER_MONTH = 3.99;
export const PLAN_CURRENCY = 'usd';

export const MOBILE_BREAKPOINT_PX = 768;
export const SESSION_COOKIE_NAME = 'wordhoard_session';
export const API_PREFIX = '/api';

/**
 * The time zone of accounts that never set one, and the one a browser's replaces once
 * (docs/decisions/0053-learners-day.md).
 */
export const DEFAULT_TIME_ZONE = 'UTC';

/** Whether `zone` is an IANA time zone this runtime's Intl knows (zod-free: start-up code checks it). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
