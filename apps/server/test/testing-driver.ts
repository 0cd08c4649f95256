import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AnswerTarget, TestState, TesterOptions, WordInput } from '@wordhoard/shared';
import { apiClient } from './api-client';

/** Whoever calls: a session cookie, as createUser gives it. */
type Caller = { cookie: string };

/** `count` words w0…w(count-1), each with the one definition d0…. */
export const numberedWords = (count: number): WordInput[] =>
  Array.from({ length: count }, (_, i) => ({ term: `w${i}`, definitions: [`d${i}`] }));

/** A test of every word of a dictionary (up to 100), oldest first. */
export const ALL_WORDS = { type: 'quantity', from: 'all', count: 100, order: 'asc' } as const;

/** The word `test` shows, named as the client names it in an answer or a skip, with a new attempt. */
export function targetOf(test: NonNullable<TestState['test']>): AnswerTarget {
  return { position: test.position, wordId: test.wordId, attemptId: randomUUID() };
}

/**
 * A user's dictionaries and tests driven through the typed API client, for the suites about
 * testing and scheduling: each call is the contract's endpoint, and `data()` checks the answer.
 * Calls that a suite expects to be refused return the raw response.
 */
export function testingDriver(app: FastifyInstance, headers: Record<string, string> = {}) {
  const client = apiClient(app, { headers });
  const as = (user: Caller) => client.as(user.cookie);

  async function state(user: Caller): Promise<TestState> {
    return (await as(user).call('getTesting')).data();
  }

  return {
    as,
    state,
    /** A new dictionary of `user` holding `words`, oldest first; its id. */
    async dictionaryWith(user: Caller, words: WordInput[], name = 'Test'): Promise<string> {
      const { id } = (
        await as(user).call('createDictionary', { body: { name, fromLanguage: 'en', toLanguage: 'de' } })
      ).data();
      if (words.length > 0) {
        (
          await as(user).call('updateDictionary', { params: { id }, body: { words: { create: words } } })
        ).data();
      }
      return id;
    },
    /** A new dictionary of `words` and a running test of all of them; the dictionary's id. */
    async testOf(user: Caller, words: WordInput[], swap = false): Promise<string> {
      const id = await this.dictionaryWith(user, words);
      (await this.start(user, id, ALL_WORDS, swap)).data();
      return id;
    },
    /** Starts a test (POST /tester); the response, since suites check refusals too. */
    start(user: Caller, dictionaryId: string, range: TesterOptions['range'], swap = false) {
      return as(user).call('createTester', { body: { dictionaryId, swap, range } });
    },
    /**
     * Starts a test of the due words of every dictionary of `user`, both directions (decision
     * 0048); the response.
     */
    startAllDue(user: Caller) {
      return as(user).call('createTester', {
        body: { dictionaryId: null, swap: false, range: { type: 'due' } },
      });
    },
    /** The current word with a new attempt; throws when the test has none. */
    async current(user: Caller): Promise<AnswerTarget> {
      const { test } = await state(user);
      if (!test) throw new Error('no current word');
      return targetOf(test);
    },
    answer(user: Caller, target: AnswerTarget, answer: string) {
      return as(user).call('answer', { body: { ...target, answer } });
    },
    skip(user: Caller, target: AnswerTarget) {
      return as(user).call('skip', { body: target });
    },
  };
}
