import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORTING_CONFIGS,
  accountExportSchema,
  dictionaryExportSchema,
  type AccountExport,
  type Word,
} from '@wordhoard/shared';
import { keysetPages, StreamedArray } from '../domain/streamed';
import { serializerOf } from './serializer';
import { jsonBody, textBody } from './streamed-body';

const word = (n: number): Word & { secret: string } => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  term: `Wort "${n}" \u2028 ${'é'.repeat(n % 3)}`,
  definitions: [`word ${n}`],
  examples: n % 2 ? [] : [`Ein Satz \\ ${n}`],
  version: 1,
  suspended: n % 5 === 0,
  picture: n % 4 ? null : { url: `/api/media/${n}`, width: 10, height: 20 },
  audio: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  // Not in the contract: must not be written.
  secret: 'hash',
});

const review = (n: number) => ({
  wordId: word(n).id,
  reversed: n % 2 === 1,
  definition: n % 3 ? 'word' : null,
  typed: n % 7 ? `typed ${n}` : null,
  result: 'correct' as const,
  rating: n % 2 ? 3 : null,
  state: n % 4,
  durationMs: n % 5 ? 900 : null,
  reviewedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  recalled: n % 2 ? ['word'] : null,
  missed: null,
  confusedWordId: null,
  userId: 'not in the contract',
});

/** `items` in pages of `size` (some empty, as a reader may return). */
function inPages<T>(items: T[], size: number): StreamedArray<T> {
  return new StreamedArray(async function* () {
    for (let start = 0; start < items.length; start += size) {
      yield items.slice(start, start + size);
      yield [];
    }
  });
}

function account(reviews: unknown[], dictionaries: unknown[]): AccountExport {
  return {
    format: 'wordhoard.account',
    version: 1,
    exportedAt: '2026-06-01T00:00:00.000Z',
    user: {
      id: '00000000-0000-4000-8000-000000000001',
      email: 'a@example.com',
      role: 'user',
      interfaceLanguage: 'de',
      sortingConfigs: DEFAULT_SORTING_CONFIGS,
      googleLinked: false,
      emailVerifiedAt: null,
      policyAcceptedAt: '2026-01-01T00:00:00.000Z',
      guestExpiresAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
    plan: {
      id: 'free',
      name: 'Free',
      pricePerMonth: 0,
      nextPaymentDate: null,
      expiresAt: null,
      cancelAtPeriodEnd: false,
    },
    subscriptions: [],
    dictionaries,
    test: null,
    testAttempts: [{ day: '2026-05-31', count: 2 }],
    reviewLog: reviews,
    scheduler: { desiredRetention: 0.9, reviews: 0, minReviews: 400, fitting: false, fit: null },
  } as unknown as AccountExport;
}

const dictionary = (name: string, words: unknown) => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  name,
  fromLanguage: 'de',
  toLanguage: 'en',
  wordsCount: 3,
  examDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  words,
});

describe('streamed JSON bodies', () => {
  it('writes byte for byte what the route serializer writes of the whole document, and only the contract', async () => {
    const reviews = Array.from({ length: 25 }, (_, n) => review(n));
    const words = Array.from({ length: 11 }, (_, n) => word(n));
    const whole = account(reviews, [dictionary('A', words), dictionary('Leer', [])]);
    const streamed = account(inPages(reviews, 4) as never, [
      dictionary('A', inPages(words, 3)),
      dictionary('Leer', inPages([], 3)),
    ]);
    const expected = serializerOf(accountExportSchema)(whole);
    expect(await text(jsonBody(accountExportSchema, streamed as never).stream())).toBe(expected);
    expect(expected).not.toMatch(/secret|userId|not in the contract/);
    // The account export the contract promises, read back.
    expect(accountExportSchema.parse(JSON.parse(expected)).reviewLog).toHaveLength(25);
  });

  it('writes a dictionary export with its words streamed as the whole one', async () => {
    const words = Array.from({ length: 7 }, (_, n) => word(n));
    const document = (list: unknown) => ({
      format: 'wordhoard.dictionary' as const,
      version: 1 as const,
      exportedAt: '2026-06-01T00:00:00.000Z',
      dictionary: dictionary('Wörter', list),
    });
    const streamed = await text(
      jsonBody(dictionaryExportSchema, document(inPages(words, 2)) as never).stream(),
    );
    expect(streamed).toBe(serializerOf(dictionaryExportSchema)(document(words)));
  });

  it('cuts the answer short when a page fails after the first bytes, instead of ending it as if whole', async () => {
    const failing = new StreamedArray(async function* () {
      yield [review(1)];
      throw new Error('the database went away');
    });
    const stream = jsonBody(accountExportSchema, account(failing as never, []) as never).stream();
    await expect(text(stream)).rejects.toThrow('the database went away');
  });

  it('joins small parts into chunks of at least 64 KB', async () => {
    const chunks: Buffer[] = [];
    const body = textBody(async function* () {
      for (let i = 0; i < 10_000; i += 1) yield `line ${i}\n`;
    });
    for await (const chunk of body.stream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe(
      Array.from({ length: 10_000 }, (_, i) => `line ${i}\n`).join(''),
    );
    expect(chunks.length).toBeLessThan(10);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(64 * 1024);
  });
});

describe('keyset pages', () => {
  const rows = Array.from({ length: 10 }, (_, n) => ({ n }));
  const reader = (reads: (number | null)[]) => async (after: number | null, size: number) => {
    reads.push(after);
    return rows.filter((row) => after === null || row.n > after).slice(0, size);
  };

  it('reads every row once, in order, each page after the last row of the one before', async () => {
    const reads: (number | null)[] = [];
    const pages: number[][] = [];
    for await (const page of keysetPages(4, reader(reads), (row) => row.n))
      pages.push(page.map((row) => row.n));
    expect(pages).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
    // A short page is the last: nothing is read after it.
    expect(reads).toEqual([null, 3, 7]);
  });

  it('asks for the next page while this one is used, and for nothing more once the reader stops', async () => {
    const reads: (number | null)[] = [];
    for await (const page of keysetPages(2, reader(reads), (row) => row.n)) {
      expect(page[0]?.n).toBe(0);
      // The next page is already asked for: it is read while this one is written.
      expect(reads).toEqual([null, 1]);
      break;
    }
    expect(reads).toEqual([null, 1]);
  });

  it('does not leave the page asked for ahead to fail unheard when the reader stops', async () => {
    let calls = 0;
    const read = async (after: number | null) => {
      calls += 1;
      if (after !== null) throw new Error('gone');
      return [{ n: 0 }, { n: 1 }];
    };
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      for await (const page of keysetPages(2, read, (row) => row.n)) {
        expect(page).toHaveLength(2);
        break;
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect(calls).toBe(2);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
