// The one `contract` object: every feature's endpoints (the files beside this one) in one table,
// and the types the server and the web client derive from it.
import type { z } from 'zod';
import { authEndpoints } from './auth';
import { dictionaryEndpoints } from './dictionaries';
import type { Endpoint } from './endpoint';
import { learningEndpoints } from './learning';
import { mediaEndpoints } from './media';
import { paymentEndpoints } from './payments';
import { reminderEndpoints } from './reminders';
import { sessionEndpoints } from './session';
import { systemEndpoints } from './system';
import { testingEndpoints } from './testing';
import { translateEndpoints } from './translate';
import { userEndpoints } from './users';

export type { Access, Endpoint, HttpMethod } from './endpoint';

/**
 * Every endpoint of DESIGN §3 by name (see `Endpoint`). An endpoint is in exactly one feature's
 * table (contract.test.ts): a name in two would silently keep only the later entry.
 */
export const contract = {
  ...systemEndpoints,
  ...authEndpoints,
  ...sessionEndpoints,
  ...userEndpoints,
  ...dictionaryEndpoints,
  ...mediaEndpoints,
  ...translateEndpoints,
  ...testingEndpoints,
  ...learningEndpoints,
  ...paymentEndpoints,
  ...reminderEndpoints,
} as const satisfies Record<string, Endpoint>;

export type Contract = typeof contract;
export type EndpointName = keyof Contract;

type Infer<T> = T extends z.ZodType ? z.input<T> : undefined;
type Output<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a caller sends to endpoint `N`. */
export type RequestOf<N extends EndpointName> = {
  params: Infer<Contract[N] extends { params: infer P } ? P : undefined>;
  query: Infer<Contract[N] extends { query: infer Q } ? Q : undefined>;
  body: Infer<Contract[N] extends { body: infer B } ? B : undefined>;
};

/** What endpoint `N` answers with on success. */
export type ResponseOf<N extends EndpointName> = Contract[N]['response'] extends z.ZodType
  ? Output<Contract[N]['response']>
  : null;
