import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SORTING_CONFIGS } from '@wordhoard/shared';
import { openTestDatabase, testDriver } from '../../../test/harness';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import { UsersRepository } from './users.repository';
import { setRole } from './set-role';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db
    .insert(users)
    .values({ email: 'dev@example.com', role: 'user', sortingConfigs: DEFAULT_SORTING_CONFIGS });
});
afterAll(async () => {
  await database.close();
});

describe(`admin set-role (${testDriver})`, () => {
  it('gives an account the developer role', async () => {
    expect(await setRole(database.db, 'DEV@example.com', 'developer')).toBe(
      'dev@example.com: user → developer',
    );
    expect((await new UsersRepository(database.db).findByEmail('dev@example.com'))?.role).toBe('developer');
  });

  it('refuses unknown roles, bad emails and unknown accounts', async () => {
    await expect(setRole(database.db, 'dev@example.com', 'admin')).rejects.toThrow(/Unknown role "admin"/);
    await expect(setRole(database.db, 'not-an-email', 'friend')).rejects.toThrow(/Not an email/);
    await expect(setRole(database.db, 'nobody@example.com', 'friend')).rejects.toThrow(/No account/);
  });
});
