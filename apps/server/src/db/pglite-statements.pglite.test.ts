import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './database';

/** The names of the statements prepared on the connection (pg_prepared_statements). */
async function preparedNames(database: Database): Promise<string[]> {
  const { rows } = await database.db.execute<{ name: string }>(
    sql`select name from pg_prepared_statements order by name`,
  );
  return rows.map((row) => row.name);
}

const insertUser = (database: Database, email: string) =>
  database.db.execute<{ id: string; created_at: Date; sorting_configs: unknown }>(
    sql`insert into users (email, role, sorting_configs) values (${email}, 'user', ${JSON.stringify({ a: [1, 2] })}::jsonb)
        returning id, created_at, sorting_configs`,
  );

describe('PGlite statements prepared by text (db/pglite-statements.ts)', () => {
  let database: Database;
  beforeEach(async () => {
    database = await openPglite();
  });
  afterEach(async () => {
    await database.close();
  });

  it('prepares a text on its second run, and answers it as the unnamed run did', async () => {
    const byEmail = (email: string | null) =>
      database.db.execute<{ id: string; email: string; created_at: Date; sorting_configs: unknown }>(
        sql`select id, email, created_at, sorting_configs from users where email = ${email} or ${email}::text is null order by email`,
      );
    await insertUser(database, 'a@example.com');
    await insertUser(database, 'b@example.com');
    const before = await preparedNames(database);

    const first = await byEmail('a@example.com');
    const second = await byEmail('a@example.com');
    const third = await byEmail('b@example.com');
    const all = await byEmail(null);

    expect((await preparedNames(database)).length).toBeGreaterThan(before.length);
    expect(second.rows).toEqual(first.rows);
    expect(second.rows[0]?.sorting_configs).toEqual({ a: [1, 2] });
    expect(third.rows.map((row) => row.email)).toEqual(['b@example.com']);
    expect(all.rows.map((row) => row.email)).toEqual(['a@example.com', 'b@example.com']);
    expect(second.fields.map((field) => field.name)).toEqual([
      'id',
      'email',
      'created_at',
      'sorting_configs',
    ]);
  });

  it('a failing prepared statement throws the database error and leaves the connection usable', async () => {
    const byId = (id: string) =>
      database.db.execute<{ n: number }>(sql`select count(*)::int as n from users where id = ${id}::uuid`);
    await byId('00000000-0000-0000-0000-000000000000');
    await byId('00000000-0000-0000-0000-000000000000');

    // Drizzle wraps the database's error; its code is PostgreSQL's (invalid text representation).
    await expect(byId('not-a-uuid')).rejects.toMatchObject({ cause: { code: '22P02' } });
    await expect(byId('not-a-uuid')).rejects.toMatchObject({ cause: { code: '22P02' } });

    const { rows } = await byId('00000000-0000-0000-0000-000000000000');
    expect(rows).toEqual([{ n: 0 }]);
    expect(await database.ping()).toBe(true);
  });

  it('waits for a transaction in progress, as PGlite’s own query does, and then sees its rows', async () => {
    const count = () => database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    await count();
    await count(); // prepared from here on
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into users (email, role, sorting_configs) values ('t@example.com', 'user', '{}')`,
      );
      inserted();
      await held;
    });
    await didInsert;
    const counted = Promise.all([count(), count(), count()]);
    let settled = false;
    void counted.then(() => {
      settled = true;
    });
    // The reads queue behind the transaction's lock: they cannot run inside it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    release();
    await transaction;
    expect((await counted).map((result) => result.rows[0]?.n)).toEqual([1, 1, 1]);
  });

  it('many parallel runs of prepared and new texts each get their own answer', async () => {
    for (let i = 0; i < 20; i += 1) await insertUser(database, `p${i}@example.com`);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? database.db.execute<{ email: string }>(
              sql`select email from users where email = ${`p${i % 20}@example.com`}`,
            )
          : database.db.execute<{ email: string }>(
              sql.raw(`select email from users where email = 'p${i % 20}@example.com' and ${i} = ${i}`),
            ),
      ),
    );
    results.forEach((result, i) => expect(result.rows).toEqual([{ email: `p${i % 20}@example.com` }]));
  });
});

describe('PGlite prepared writes on disk', () => {
  it('are in the data directory after a reopen', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-statements-'));
    try {
      const first = await openPglite({ dataDir: dir });
      for (let i = 0; i < 5; i += 1) await insertUser(first, `d${i}@example.com`);
      expect(await preparedNames(first)).not.toEqual([]);
      await first.close();

      const second = await openPglite({ dataDir: dir });
      const { rows } = await second.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
      expect(rows).toEqual([{ n: 5 }]);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
