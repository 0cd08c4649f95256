// The signed-in user: the account and its settings, its progress, its export and the policies.
// Served by features/users (the export by features/portability).
import { accountExportSchema } from '../schemas/portability';
import { accountProgressSchema } from '../schemas/progress';
import { updateMeBodySchema, userSchema } from '../schemas/users';
import { endpoint, type Endpoint } from './endpoint';

export const userEndpoints = {
  me: endpoint({
    method: 'GET',
    path: '/users/me',
    access: 'session',
    tag: 'users',
    summary: 'The signed-in user',
    status: 200,
    response: userSchema,
  }),
  updateMe: endpoint({
    method: 'PATCH',
    path: '/users/me',
    access: 'session',
    tag: 'users',
    summary: 'Change interface language, sorting, desired retention, time zone or daily goal',
    body: updateMeBodySchema,
    status: 200,
    response: userSchema,
  }),
  myProgress: endpoint({
    method: 'GET',
    path: '/users/me/progress',
    access: 'session',
    tag: 'users',
    summary: "The daily goal, today's reviews, the streak with its freezes and a year's review heatmap",
    status: 200,
    response: accountProgressSchema,
  }),
  exportMe: endpoint({
    method: 'GET',
    path: '/users/me/export',
    access: 'session',
    tag: 'users',
    summary: 'Everything the user owns, as one JSON file (data portability)',
    status: 200,
    response: accountExportSchema,
  }),
  acceptPolicy: endpoint({
    method: 'PATCH',
    path: '/users/accept-policy',
    access: 'session',
    tag: 'users',
    summary: 'Accept the policies',
    status: 204,
    response: null,
  }),
} as const satisfies Record<string, Endpoint>;
