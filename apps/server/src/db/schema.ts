/**
 * The database's tables, one file per feature in db/schema/. drizzle.config.ts reads this file:
 * a table is in the migrations only if it is exported from here.
 */
export * from './schema/accounts';
export * from './schema/dictionaries';
export * from './schema/testing';
export * from './schema/learning';
export * from './schema/payments';
export * from './schema/rate-limits';
export * from './schema/reminders';
export * from './schema/media';
export * from './schema/invites';
