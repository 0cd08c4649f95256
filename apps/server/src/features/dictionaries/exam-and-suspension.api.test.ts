import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dictionary } from '@wordhoard/shared';
import { apiClient } from '../../../test/api-client';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { words as wordsTable } from '../../db/schema';

const clock = new TestClock(new Date('2030-03-03T10:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t.close();
});

const api = (cookie: string) => apiClient(t.app).as(cookie);

async function newDictionary(cookie: string, examDate?: string | null): Promise<Dictionary> {
  const response = await api(cookie).call('createDictionary', {
    body: {
      name: 'Exam words',
      fromLanguage: 'en',
      toLanguage: 'de',
      ...(examDate !== undefined ? { examDate } : {}),
    },
  });
  return response.data();
}

/** A dictionary with two words, and the ids of its words by term. */
async function withWords(cookie: string): Promise<{ dictionary: Dictionary; ids: Record<string, string> }> {
  const dictionary = await newDictionary(cookie);
  await api(cookie)
    .call('updateDictionary', {
      params: { id: dictionary.id },
      body: {
        words: {
          create: [
            { term: 'cat', definitions: ['Katze'] },
            { term: 'dog', definitions: ['Hund'] },
          ],
        },
      },
    })
    .then((response) => response.data());
  const page = (await api(cookie).call('getDictionary', { params: { id: dictionary.id } })).data();
  return { dictionary, ids: Object.fromEntries(page.words.map((word) => [word.term, word.id])) };
}

describe(`exam date (${testDriver})`, () => {
  it('is null unless given, and shows in the list and on the dictionary', async () => {
    const user = await createUser(t.app);
    const plain = await newDictionary(user.cookie);
    expect(plain.examDate).toBeNull();
    const exam = await newDictionary(user.cookie, '2030-03-12');
    expect(exam.examDate).toBe('2030-03-12');

    const list = (await api(user.cookie).call('listDictionaries')).data();
    expect(Object.fromEntries(list.data.map((d) => [d.id, d.examDate]))).toEqual({
      [plain.id]: null,
      [exam.id]: '2030-03-12',
    });
    const got = (await api(user.cookie).call('getDictionary', { params: { id: exam.id } })).data();
    expect(got.examDate).toBe('2030-03-12');
  });

  it('is changed and cleared by an update, and left alone when not named', async () => {
    const user = await createUser(t.app);
    const { id } = await newDictionary(user.cookie, '2030-03-12');
    const update = (body: object) => api(user.cookie).call('updateDictionary', { params: { id }, body });

    expect((await update({ examDate: '2030-06-30' })).data().examDate).toBe('2030-06-30');
    expect((await update({ name: 'Renamed' })).data()).toMatchObject({
      name: 'Renamed',
      examDate: '2030-06-30',
    });
    expect((await update({ examDate: null })).data().examDate).toBeNull();
    expect((await api(user.cookie).call('getDictionary', { params: { id } })).data().examDate).toBeNull();
    // A past day is taken (the exam may be over; the cap then no longer applies).
    expect((await update({ examDate: '2029-12-31' })).data().examDate).toBe('2029-12-31');
  });

  it.each(['2030-02-30', '12.03.2030', '2030-3-12', '2030-03-12T00:00:00Z', '', 20300312])(
    'refuses %j with a localized 400, changing nothing',
    async (examDate) => {
      const user = await createUser(t.app);
      const { id } = await newDictionary(user.cookie, '2030-03-12');
      const response = await api(user.cookie).call('updateDictionary', {
        params: { id },
        body: { name: 'Changed', examDate: examDate as string },
        headers: { 'accept-language': 'de' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.examDate', message: 'Gib ein gültiges Datum ein' }],
      });
      expect((await api(user.cookie).call('getDictionary', { params: { id } })).data()).toMatchObject({
        name: 'Exam words',
        examDate: '2030-03-12',
      });

      const created = await api(user.cookie).call('createDictionary', {
        body: { name: 'Bad', fromLanguage: 'en', toLanguage: 'de', examDate: examDate as string },
      });
      expect(created.statusCode).toBe(400);
      expect((await api(user.cookie).call('listDictionaries')).data().total).toBe(1);
    },
  );

  it('refuses year 0000, which the database has no day for, changing nothing', async () => {
    const user = await createUser(t.app);
    const { id } = await newDictionary(user.cookie, '2030-03-12');
    const response = await api(user.cookie).call('updateDictionary', {
      params: { id },
      body: { name: 'Changed', examDate: '0000-01-01' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await api(user.cookie).call('getDictionary', { params: { id } })).data()).toMatchObject({
      name: 'Exam words',
      examDate: '2030-03-12',
    });
    const created = await api(user.cookie).call('createDictionary', {
      body: { name: 'Bad', fromLanguage: 'en', toLanguage: 'de', examDate: '0000-02-29' },
    });
    expect(created.statusCode).toBe(400);
    expect((await api(user.cookie).call('listDictionaries')).data().total).toBe(1);
  });

  it('is left empty on an imported dictionary', async () => {
    const user = await createUser(t.app);
    // The import body has no exam date (a file carries none): one sent anyway is dropped.
    const body = {
      name: 'Imported',
      fromLanguage: 'en' as const,
      toLanguage: 'fr' as const,
      words: [{ term: 'sun', definitions: ['soleil'] }],
      examDate: '2030-03-12',
    };
    const imported = await api(user.cookie).call('importDictionary', { body });
    expect(imported.data().dictionary.examDate).toBeNull();
  });
});

describe(`word suspension (${testDriver})`, () => {
  const suspend = (cookie: string, id: string, wordId: string, suspended: boolean) =>
    api(cookie).call('suspendWord', { params: { id, wordId }, body: { suspended } });
  const suspendedAt = async (wordId: string) => {
    const [row] = await t.database.db
      .select({ at: wordsTable.suspendedAt })
      .from(wordsTable)
      .where(eq(wordsTable.id, wordId));
    return row?.at ?? null;
  };

  it('suspends and resumes a word, shown on the word and in the word list', async () => {
    const user = await createUser(t.app);
    const { dictionary, ids } = await withWords(user.cookie);
    const cat = ids.cat ?? '';
    const before = (
      await api(user.cookie).call('getWord', { params: { id: dictionary.id, wordId: cat } })
    ).data();
    expect(before.suspended).toBe(false);

    const suspended = (await suspend(user.cookie, dictionary.id, cat, true)).data();
    expect(suspended).toMatchObject({ id: cat, term: 'cat', definitions: ['Katze'], suspended: true });
    // Not an edit of the word: its last update stays.
    expect(suspended.updatedAt).toBe(before.updatedAt);
    expect(await suspendedAt(cat)).toEqual(clock.now());

    const page = (await api(user.cookie).call('getDictionary', { params: { id: dictionary.id } })).data();
    expect(Object.fromEntries(page.words.map((word) => [word.term, word.suspended]))).toEqual({
      cat: true,
      dog: false,
    });
    expect(
      (await api(user.cookie).call('getWord', { params: { id: dictionary.id, wordId: cat } })).data()
        .suspended,
    ).toBe(true);

    expect((await suspend(user.cookie, dictionary.id, cat, false)).data().suspended).toBe(false);
    expect(await suspendedAt(cat)).toBeNull();
    // Resuming a word that is not suspended is fine too.
    expect((await suspend(user.cookie, dictionary.id, cat, false)).data().suspended).toBe(false);
    const after = (await api(user.cookie).call('getDictionary', { params: { id: dictionary.id } })).data();
    expect(after.words.every((word) => !word.suspended)).toBe(true);
  });

  it('keeps the first suspension time when suspended again', async () => {
    const user = await createUser(t.app);
    const { dictionary, ids } = await withWords(user.cookie);
    const dog = ids.dog ?? '';
    await suspend(user.cookie, dictionary.id, dog, true).then((r) => r.data());
    const first = await suspendedAt(dog);
    clock.advance(60_000);
    expect((await suspend(user.cookie, dictionary.id, dog, true)).data().suspended).toBe(true);
    expect(await suspendedAt(dog)).toEqual(first);
  });

  it('suspends once when two requests race, both answering the suspended word', async () => {
    const user = await createUser(t.app);
    const { dictionary, ids } = await withWords(user.cookie);
    const cat = ids.cat ?? '';
    const started = clock.now();
    const responses = await Promise.all([
      suspend(user.cookie, dictionary.id, cat, true),
      suspend(user.cookie, dictionary.id, cat, true),
    ]);
    for (const response of responses) expect(response.data().suspended).toBe(true);
    expect(await suspendedAt(cat)).toEqual(started);
    // A later request leaves the time of the first.
    clock.advance(60_000);
    await suspend(user.cookie, dictionary.id, cat, true).then((r) => r.data());
    expect(await suspendedAt(cat)).toEqual(started);
  });

  it('answers 404 for another user’s word, a word of another dictionary or an unknown word', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const { dictionary, ids } = await withWords(owner.cookie);
    const other = await withWords(owner.cookie);
    const cat = ids.cat ?? '';

    const foreign = await suspend(stranger.cookie, dictionary.id, cat, true);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    // The stranger's own dictionary does not open the owner's word either.
    const own = await newDictionary(stranger.cookie);
    expect((await suspend(stranger.cookie, own.id, cat, true)).statusCode).toBe(404);
    expect((await suspend(owner.cookie, other.dictionary.id, cat, true)).statusCode).toBe(404);
    expect(
      (await suspend(owner.cookie, dictionary.id, '00000000-0000-4000-8000-000000000000', true)).statusCode,
    ).toBe(404);
    expect(await suspendedAt(cat)).toBeNull();
  });

  it('refuses a body without a boolean and a call without a session', async () => {
    const user = await createUser(t.app);
    const { dictionary, ids } = await withWords(user.cookie);
    const cat = ids.cat ?? '';
    const bad = await api(user.cookie).call('suspendWord', {
      params: { id: dictionary.id, wordId: cat },
      body: { suspended: 'yes' } as never,
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await apiClient(t.app).call('suspendWord', {
      params: { id: dictionary.id, wordId: cat },
      body: { suspended: true },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await suspendedAt(cat)).toBeNull();
  });
});
