import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { users } from './accounts';

// Invite codes.

/**
 * Invite codes for sign-up when SIGNUP_MODE is `invite` (docs/decisions/0081-private-instance.md):
 * kept only as their SHA-256, each good for `uses_left` more sign-ups until `expires_at` (null:
 * no expiry). A sign-up takes one use in a single conditional UPDATE, so two sign-ups cannot
 * both take the last one.
 */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    usesLeft: integer('uses_left').notNull(),
    expiresAt: tz('expires_at'),
    /** The developer who made it in the app; null from the admin CLI (or once they are deleted). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invites_code_hash_key').on(t.codeHash)],
);
