import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_SOURCE_URL,
  MAX_IMPORT_WORDS,
  withFreeLimits,
  type RoleLimitsTable,
} from '@wordhoard/shared';
import { redactCredentials } from './redact';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Empty strings in the environment mean "unset", as a shell user would expect. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess((value) => (value === '' || value === undefined ? fallback : value), schema);

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One trusted proxy: an address, a CIDR range (10.0.0.0/8, fd00::/8) or a proxy-addr name. */
function isProxyRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: how many proxies stand in front (a hop count such as 1), or which addresses are
 * proxies (a comma-separated list of addresses and CIDR ranges). "true" (trust anyone) is
 * refused on purpose: it would let any client choose its own address.
 */
const trustProxy = optional(
  z
    .string()
    .trim()
    .transform((value, context): number | string[] => {
      if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 32) return Number(value);
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (entries.length > 0 && entries.every(isProxyRange)) return entries;
      context.addIssue({
        code: 'custom',
        message:
          'must be a hop count (1-32) or a comma-separated list of proxy addresses and CIDR ranges, e.g. 10.0.0.0/8',
      });
      return z.NEVER;
    }),
);

/**
 * The browsers' push services (decision 0072): Chrome and the other Chromium browsers (FCM),
 * Firefox (autopush), Safari (Apple's web push, web.push.apple.com), Edge (WNS,
 * wns2-*.notify.windows.com). PUSH_ALLOWED_HOSTS adds to these.
 */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** A DNS name of two labels or more whose last label is not a number (so never an IP address). */
const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?)$/;

/**
 * PUSH_ALLOWED_HOSTS: more push services' hosts, comma-separated: names (push.example.com) or
 * every subdomain of one (*.push.example.com, not *.com). No IP address, port or scheme.
 */
const pushAllowedHosts = withDefault(
  z
    .string()
    .trim()
    .transform((value, context): string[] => {
      const entries = value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean);
      if (entries.every((entry) => HOST_NAME.test(entry.replace(/^\*\./, '')))) return entries;
      context.addIssue({
        code: 'custom',
        message:
          'must be a comma-separated list of host names or *.domain patterns, e.g. push.example.com,*.push.example.net',
      });
      return z.NEVER;
    }),
  '',
);

/** SIGNUP_MODE (decision 0081). */
export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** A whole number in [min, max], from a variable's text. */
const wholeNumber = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const envSchema = z.object({
  NODE_ENV: withDefault(z.enum(['development', 'production', 'test']), 'production'),
  PORT: withDefault(
    z.coerce
      .number({ error: 'must be a port number' })
      .int({ error: 'must be an integer between 0 and 65535' })
      .min(0, { error: 'must be an integer between 0 and 65535' })
      .max(65535, { error: 'must be an integer between 0 and 65535' }),
    3000,
  ),
  HOST: withDefault(z.string().min(1), '127.0.0.1'),
  APP_ORIGIN: withDefault(httpUrl, 'http://localhost:3000').transform((url) => new URL(url).origin),
  DATA_DIR: withDefault(z.string().min(1), './data'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })),
  // Scheduled backups of the embedded database and its media (decision 0080): unset BACKUP_DIR, none.
  BACKUP_DIR: optional(z.string().min(1)),
  BACKUP_KEEP: withDefault(
    z.coerce
      .number({ error: 'must be a whole number from 1 to 1000' })
      .int({ error: 'must be a whole number from 1 to 1000' })
      .min(1, { error: 'must be a whole number from 1 to 1000' })
      .max(1000, { error: 'must be a whole number from 1 to 1000' }),
    14,
  ),
  BACKUP_HOUR: withDefault(
    z.coerce
      .number({ error: 'must be an hour from 0 to 23' })
      .int({ error: 'must be an hour from 0 to 23' })
      .min(0, { error: 'must be an hour from 0 to 23' })
      .max(23, { error: 'must be an hour from 0 to 23' }),
    3,
  ),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' })),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: withDefault(z.string().min(3), 'Wordhoard <no-reply@wordhoard.app>'),
  SUPPORT_EMAIL: withDefault(z.email({ error: 'must be an email address' }), 'support@wordhoard.app'),
  STRIPE_SECRET_KEY: optional(z.string().min(1)),
  STRIPE_WEBHOOK_SECRET: optional(z.string().min(1)),
  STRIPE_PREMIUM_PRICE_ID: optional(z.string().min(1)),
  STRIPE_PREMIUM_PRODUCT_ID: optional(z.string().min(1)),
  STRIPE_API_URL: optional(httpUrl),
  GOOGLE_CLIENT_ID: optional(z.string().min(1)),
  GOOGLE_JWKS_URL: withDefault(httpUrl, 'https://www.googleapis.com/oauth2/v3/certs'),
  TRANSLATE_URL: optional(httpUrl),
  TRANSLATE_API_KEY: optional(z.string().min(1)),
  ANALYTICS_ID: optional(z.string().regex(/^[A-Za-z0-9-]+$/, { error: 'must be a tag id like G-XXXX' })),
  TUTORIAL_VIDEO_DESKTOP: optional(z.string().regex(/^[\w-]{1,64}$/, { error: 'must be a video id' })),
  TUTORIAL_VIDEO_MOBILE: optional(z.string().regex(/^[\w-]{1,64}$/, { error: 'must be a video id' })),
  // AGPL-3.0 §13: where the users of this server get its source; a fork's operator sets its own.
  SOURCE_URL: withDefault(httpUrl, DEFAULT_SOURCE_URL),
  LOG_LEVEL: withDefault(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }), 'info'),
  // Unset: readable lines in a terminal (outside production), JSON lines otherwise.
  LOG_FORMAT: optional(z.enum(['pretty', 'json'], { error: 'must be pretty or json' })),
  WEB_DIST_DIR: optional(z.string().min(1)),
  TRUST_PROXY: trustProxy,
  // Web Push (decision 0055): all three or none; unset, push reminders are off.
  VAPID_PUBLIC_KEY: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a base64url P-256 public key (87 characters)' }),
  ),
  VAPID_PRIVATE_KEY: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a base64url P-256 private key (43 characters)' }),
  ),
  VAPID_SUBJECT: optional(
    z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: URL' }),
  ),
  // Where pushes may go (decision 0072): more push services' hosts than the browsers' own.
  PUSH_ALLOWED_HOSTS: pushAllowedHosts,
  // Tests only: the test push service on 127.0.0.1. Refused when NODE_ENV is production.
  PUSH_TEST_LOOPBACK: withDefault(
    z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true'),
    'false',
  ),
  // Word pictures and recordings (decision 0063): unset S3_BUCKET keeps them under DATA_DIR/media.
  S3_BUCKET: optional(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be an S3 bucket name' }),
  ),
  S3_ENDPOINT: optional(httpUrl),
  S3_REGION: withDefault(
    z.string().regex(/^[a-z0-9-]+$/, { error: 'must be a region such as eu-west-1' }),
    'us-east-1',
  ),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  S3_FORCE_PATH_STYLE: withDefault(
    z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true'),
    'false',
  ),
  // Unset: no /api/metrics at all. Set: Prometheus scrapes it with this bearer token.
  METRICS_TOKEN: optional(
    z
      .string()
      .min(16, { error: 'must be at least 16 characters' })
      .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' }),
  ),
  // The free plan's limits on this instance (decision 0081): unset, SPEC §6's.
  FREE_DICTIONARIES: optional(wholeNumber(1, 1000)),
  FREE_WORDS_PER_DICTIONARY: optional(wholeNumber(1, MAX_IMPORT_WORDS)),
  FREE_TESTS_PER_DAY: optional(wholeNumber(1, 10_000)),
  // Who may come in (decision 0081): sign-up open, by invite code or closed; guests on or off.
  SIGNUP_MODE: withDefault(
    z.enum(SIGNUP_MODES, { error: `must be one of ${SIGNUP_MODES.join(', ')}` }),
    'open',
  ),
  GUEST_ACCESS: withDefault(
    z.enum(['on', 'off'], { error: 'must be on or off' }).transform((value) => value === 'on'),
    'on',
  ),
});

export type Env = z.output<typeof envSchema>;

/** Every variable the configuration reads (.env.example lists each; a test keeps them in step). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** Variables whose value an error never shows, not even a wrong one. */
const SECRET_VARIABLES = new Set(['METRICS_TOKEN', 'VAPID_PRIVATE_KEY', 'S3_SECRET_ACCESS_KEY']);

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  appOrigin: string;
  /** Cookies get `Secure` (and the `__Host-` prefix) when the public origin is https. */
  secureCookies: boolean;
  database: { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; url: string };
  redisUrl: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  supportEmail: string;
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    premiumPriceId: string | undefined;
    premiumProductId: string | undefined;
    apiUrl: string | undefined;
  };
  google: { clientId: string | undefined; jwksUrl: string };
  translate: { url: string | undefined; apiKey: string | undefined };
  analyticsId: string | undefined;
  /**
   * The tutorial on the external video host, one upload per screen size; unset, the landing page
   * plays its own recording (apps/web/public/tutorial).
   */
  tutorialVideo: { desktop: string | undefined; mobile: string | undefined };
  /** SOURCE_URL: the footer's "Source code" link (AGPL-3.0 §13), given to the SPA at run time. */
  sourceUrl: string;
  logLevel: Env['LOG_LEVEL'];
  /** LOG_FORMAT; undefined lets the server choose (pretty in a terminal outside production). */
  logFormat: Env['LOG_FORMAT'];
  webDistDir: string | undefined;
  /** Fastify's trustProxy: a hop count or the proxies' addresses; undefined trusts none. */
  trustProxy: number | string[] | undefined;
  /** The bearer token of /api/metrics; undefined: the route does not exist. */
  metricsToken: string | undefined;
  /** The VAPID key pair and contact of Web Push; undefined: push reminders are off. */
  push: { publicKey: string; privateKey: string; subject: string } | undefined;
  /**
   * Where a push may be posted (decision 0072): hosts (`*.` for any subdomain), and whether the
   * tests' loopback push service is allowed (never in production).
   */
  pushEndpoints: { allowedHosts: string[]; loopbackForTests: boolean };
  /** Where word pictures and recordings are kept (docs/decisions/0063-word-media.md). */
  media: MediaStorageConfig;
  /** Scheduled backups (decision 0080): where, how many kept, the local hour; undefined: none. */
  backups: { dir: string; keep: number; hour: number } | undefined;
  /** How long each outside service may take to answer (decision 0073); tests shorten them. */
  timeouts: OutsideTimeouts;
  /** Who may come in (docs/decisions/0081-private-instance.md). */
  access: { signupMode: SignupMode; guests: boolean };
  /** Each role's limits: SPEC §6's, with the free plan's as the operator set them. */
  limits: RoleLimitsTable;
}

/** Milliseconds a call to each outside service may take before the request gives up. */
export interface OutsideTimeouts {
  /** Each Redis command (rate limits): the refusal must come within 2 s, so the wait is 1 s. */
  redisMs: number;
  /** Connecting to S3, waiting for its answer, each silence while it streams; one retry at most. */
  s3Ms: number;
  /** Connecting to the mail server and its greeting; a silence later may last twice that. */
  smtpMs: number;
  /** Each Stripe request; one retry at most (decision 0017's claim lease counts on this). */
  stripeMs: number;
  /** Each call to the translation API, answer included. */
  translateMs: number;
  /** Fetching Google's signing keys. */
  googleJwksMs: number;
}

export const DEFAULT_TIMEOUTS: OutsideTimeouts = {
  redisMs: 1_000,
  s3Ms: 10_000,
  smtpMs: 10_000,
  stripeMs: 10_000,
  translateMs: 5_000,
  googleJwksMs: 5_000,
};

export type MediaStorageConfig =
  | { driver: 'fs'; dir: string }
  | {
      driver: 's3';
      bucket: string;
      /** Unset: AWS's own endpoint for the region. */
      endpoint: string | undefined;
      region: string;
      /** Unset: the SDK's default credential chain (instance role, AWS_* variables). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a bad value throws a ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = source[name];
      const shown =
        raw === undefined || SECRET_VARIABLES.has(name)
          ? ''
          : ` (got ${JSON.stringify(redactCredentials(raw))})`;
      return `  ${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
  if (vapid.some((value) => value !== undefined) && vapid.some((value) => value === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together (or none of them)',
    );
  }
  if (env.PUSH_TEST_LOOPBACK && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  PUSH_TEST_LOOPBACK is for tests only and cannot be true when NODE_ENV is production',
    );
  }
  const s3Keys = [env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3Keys.some((value) => value !== undefined) && s3Keys.some((value) => value === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or none of them)',
    );
  }
  if (!env.S3_BUCKET && (env.S3_ENDPOINT !== undefined || env.S3_ACCESS_KEY_ID !== undefined)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET must be set when other S3_* variables are');
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appOrigin: env.APP_ORIGIN,
    secureCookies: env.APP_ORIGIN.startsWith('https:'),
    database: env.DATABASE_URL
      ? { driver: 'postgres', url: env.DATABASE_URL }
      : { driver: 'pglite', dataDir: env.DATA_DIR },
    redisUrl: env.REDIS_URL,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    supportEmail: env.SUPPORT_EMAIL,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      premiumPriceId: env.STRIPE_PREMIUM_PRICE_ID,
      premiumProductId: env.STRIPE_PREMIUM_PRODUCT_ID,
      apiUrl: env.STRIPE_API_URL,
    },
    google: { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL },
    translate: { url: env.TRANSLATE_URL, apiKey: env.TRANSLATE_API_KEY },
    analyticsId: env.ANALYTICS_ID,
    tutorialVideo: { desktop: env.TUTORIAL_VIDEO_DESKTOP, mobile: env.TUTORIAL_VIDEO_MOBILE },
    sourceUrl: env.SOURCE_URL,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    webDistDir: env.WEB_DIST_DIR,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    push:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
        : undefined,
    pushEndpoints: {
      allowedHosts: [...new Set([...DEFAULT_PUSH_HOSTS, ...env.PUSH_ALLOWED_HOSTS])],
      loopbackForTests: env.PUSH_TEST_LOOPBACK && env.NODE_ENV !== 'production',
    },
    media: env.S3_BUCKET
      ? {
          driver: 's3',
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : { driver: 'fs', dir: path.resolve(env.DATA_DIR, 'media') },
    backups: env.BACKUP_DIR
      ? { dir: path.resolve(env.BACKUP_DIR), keep: env.BACKUP_KEEP, hour: env.BACKUP_HOUR }
      : undefined,
    timeouts: { ...DEFAULT_TIMEOUTS },
    access: { signupMode: env.SIGNUP_MODE, guests: env.GUEST_ACCESS },
    limits: withFreeLimits({
      ...(env.FREE_DICTIONARIES === undefined ? {} : { dictionaries: env.FREE_DICTIONARIES }),
      ...(env.FREE_WORDS_PER_DICTIONARY === undefined
        ? {}
        : { wordsPerDictionary: env.FREE_WORDS_PER_DICTIONARY }),
      ...(env.FREE_TESTS_PER_DAY === undefined ? {} : { testsPerDay: env.FREE_TESTS_PER_DAY }),
    }),
  };
}
