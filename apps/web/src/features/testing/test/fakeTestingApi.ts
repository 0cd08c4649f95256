import type {
  AnswerBody,
  AnswerResult,
  AnswerTarget,
  Dictionary,
  DueCounts,
  Language,
  Report,
  TestState,
  TesterOptions,
  User,
} from '@wordhoard/shared';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, type TestServer } from '../../../test/testServer';
import { saveActiveTest } from '../lib/activeTest';

/**
 * A small stand-in for the API's session, dictionaries and testing endpoints (DESIGN §3, §5),
 * served by a real HTTP server: the screens talk to it through the real http client.
 */
export interface FakeWord {
  term: string;
  definitions: string[];
}

interface Item {
  wordId: string;
  term: string;
  definitions: string[];
  done: string[];
  answers: string[];
  mistakes: number;
  result: 'correct' | 'wrong' | 'skipped' | null;
  /** The result of each attempt applied to the word, by attemptId: a repeat gets it again. */
  attempts: Map<string, AnswerResult | SkipResult>;
}

type SkipResult = {
  answer: string[];
  status: 'applied' | 'wordFinished';
  wordResult: 'correct' | 'wrong' | 'skipped';
};

export interface FakeTestingApi {
  user: User | null;
  dictionaries: Dictionary[];
  /** The words of each dictionary, oldest first. */
  words: Record<string, FakeWord[]>;
  testsLeft: number;
  /** The active test, or null before the first one. */
  test: { items: Item[]; position: number; dictionaryId?: string | null } | null;
  /** Words due today per dictionary and direction (GET /testing/due). */
  due: DueCounts['dictionaries'];
  /** Every POST /tester body, oldest first. */
  created: TesterOptions[];
  /** The next POST /testing or /testing/skip is applied, but its reply is lost (the connection drops). */
  dropNextReply: boolean;
  /** Starts a test as POST /tester would, without using an attempt. */
  startTest: (words: FakeWord[]) => void;
  /** Puts a finished test (its report) in place. */
  finishTest: (items: Array<FakeWord & { result: Item['result']; answers: string[] }>) => void;
}

let nextId = 1;
/** A fresh UUID-shaped id; the contract's schemas check ids. */
export function fakeId(): string {
  const suffix = String(nextId++).padStart(12, '0');
  return `00000000-0000-4000-8000-${suffix}`;
}

export function makeDictionary(overrides: Partial<Dictionary> = {}): Dictionary {
  return {
    id: fakeId(),
    name: 'Animals',
    fromLanguage: 'en',
    toLanguage: 'de',
    wordsCount: 3,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const normalize = (value: string) => value.normalize('NFC').replace(/\s+/gu, ' ').trim().toLocaleLowerCase();
const plain = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '');

const toItem = (word: FakeWord, swap: boolean): Item => ({
  wordId: fakeId(),
  term: swap ? word.definitions.join(', ') : word.term,
  definitions: swap ? [word.term] : word.definitions,
  done: [],
  answers: [],
  mistakes: 0,
  result: null,
  attempts: new Map(),
});

function report(items: Item[], dictionaryId: string | null): Report {
  const count = (result: string) => items.filter((item) => item.result === result).length;
  return {
    dictionaryId,
    total: items.length,
    correct: count('correct'),
    wrong: count('wrong'),
    skipped: count('skipped'),
    items: items.map((item) => ({
      wordId: item.wordId,
      term: item.term,
      definitions: item.definitions,
      result: item.result ?? 'skipped',
      answers: item.answers,
    })),
  };
}

const error = (response: ServerResponse, status: number, code: string, message: string) => {
  sendJson(response, status, { statusCode: status, code, message });
};

export function serveTestingApi(server: TestServer, initial: Partial<FakeTestingApi> = {}): FakeTestingApi {
  const api: FakeTestingApi = {
    user: null,
    dictionaries: [],
    words: {},
    testsLeft: 5,
    test: null,
    due: [],
    created: [],
    dropNextReply: false,
    startTest(words) {
      api.test = { items: words.map((word) => toItem(word, false)), position: 0 };
    },
    finishTest(items) {
      api.test = {
        items: items.map((item) => ({ ...toItem(item, false), result: item.result, answers: item.answers })),
        position: items.length,
      };
    },
    ...initial,
  };

  function state(): TestState {
    const test = api.test;
    const item = test?.items[test.position];
    if (!test) return { test: null, testsLeft: api.testsLeft, report: null };
    if (!item)
      return { test: null, testsLeft: api.testsLeft, report: report(test.items, test.dictionaryId ?? null) };
    return {
      test: {
        wordId: item.wordId,
        term: item.term,
        position: test.position + 1,
        total: test.items.length,
        needAnswers: item.definitions.length - item.done.length,
        doneDefinitions: item.done,
      },
      testsLeft: api.testsLeft,
      report: null,
    };
  }

  /**
   * The word an answer or a skip names, by the server's rules (docs/decisions/0018): a status
   * and error code when it is not the current word, else the word.
   */
  function target(body: AnswerTarget): { code: string; status: number } | { item: Item; current: boolean } {
    const test = api.test;
    if (!test) return { code: 'NO_ACTIVE_TEST', status: 409 };
    const index = body.position - 1;
    const item = test.items[index];
    if (!item || index > test.position || item.wordId !== body.wordId)
      return { code: 'WORD_NOT_CURRENT', status: 409 };
    return { item, current: index === test.position };
  }

  function answer(body: AnswerBody, item: Item, current: boolean): AnswerResult {
    const test = api.test!;
    const typed = body.answer;
    const applied = item.attempts.get(body.attemptId);
    if (applied && 'result' in applied) return applied;
    const given = normalize(typed);
    const matching = (definitions: string[]) =>
      definitions.find((definition) => given !== '' && normalize(definition) === given) ??
      definitions.find((definition) => given !== '' && plain(normalize(definition)) === plain(given));
    if (!current) {
      const match = matching(item.definitions);
      return {
        result: match ? 'correct' : 'wrong',
        almost: false,
        answer: match ?? typed.trim(),
        correctAnswers: item.definitions,
        needAnswers: 0,
        doneDefinitions: item.done,
        status: 'wordFinished',
        wordResult: item.result ?? 'skipped',
      };
    }
    const remaining = item.definitions.filter((definition) => !item.done.includes(definition));
    const repeat = matching(item.done);
    if (repeat && !matching(remaining)) {
      return {
        result: 'correct',
        almost: false,
        answer: repeat,
        correctAnswers: [repeat],
        needAnswers: item.definitions.length - item.done.length,
        doneDefinitions: item.done,
        status: 'alreadyEntered',
        wordResult: null,
      };
    }
    const exact = remaining.find((definition) => given !== '' && normalize(definition) === given);
    const match = matching(remaining);
    if (match) {
      item.done = [...item.done, match];
      item.answers = [...item.answers, typed.trim()];
      if (item.done.length === item.definitions.length) {
        item.result = item.mistakes > 0 ? 'wrong' : 'correct';
        test.position += 1;
      }
    } else {
      item.answers = [...item.answers, typed.trim()];
      item.mistakes += 1;
    }
    const result: AnswerResult = {
      result: match ? 'correct' : 'wrong',
      almost: match !== undefined && exact === undefined,
      answer: match ?? typed.trim(),
      correctAnswers: match ? [match] : item.definitions,
      needAnswers: item.definitions.length - item.done.length,
      doneDefinitions: item.done,
      status: 'applied',
      wordResult: item.result,
    };
    item.attempts.set(body.attemptId, result);
    return result;
  }

  function skip(body: AnswerTarget, item: Item, current: boolean): SkipResult {
    const applied = item.attempts.get(body.attemptId);
    if (applied && !('result' in applied)) return applied;
    if (!current)
      return { answer: item.definitions, status: 'wordFinished', wordResult: item.result ?? 'skipped' };
    item.result = item.mistakes > 0 ? 'wrong' : 'skipped';
    api.test!.position += 1;
    const result: SkipResult = { answer: item.definitions, status: 'applied', wordResult: item.result };
    item.attempts.set(body.attemptId, result);
    return result;
  }

  server.handle((request: IncomingMessage, body: string, response: ServerResponse) => {
    const route = `${request.method ?? ''} ${request.url?.split('?')[0] ?? ''}`;
    const { user } = api;
    if (route === 'GET /api/cookie/checkToken') {
      sendJson(response, 200, { isValid: user !== null });
      return;
    }
    if (!user) {
      error(response, 401, 'UNAUTHORIZED', 'Please sign in to continue');
      return;
    }
    switch (route) {
      case 'POST /api/cookie/refresh':
        response.writeHead(204).end();
        return;
      case 'GET /api/users/me':
        sendJson(response, 200, user);
        return;
      case 'GET /api/dictionaries':
        sendJson(response, 200, {
          data: api.dictionaries,
          total: api.dictionaries.length,
          page: 1,
          limit: 100,
        });
        return;
      case 'POST /api/tester': {
        const options = JSON.parse(body) as TesterOptions;
        api.created.push(options);
        const words = api.words[options.dictionaryId] ?? [];
        if (words.length === 0) {
          error(response, 400, 'EMPTY_TEST', 'No words match these options');
          return;
        }
        if (api.testsLeft <= 0) {
          error(response, 403, 'MAX_TESTS', 'The maximum testing attempts for today is reached');
          return;
        }
        api.testsLeft -= 1;
        api.test = {
          items: words.map((word) => toItem(word, options.swap)),
          position: 0,
          dictionaryId: options.dictionaryId,
        };
        sendJson(response, 201, { testsLeft: api.testsLeft });
        return;
      }
      case 'GET /api/testing':
        sendJson(response, 200, state());
        return;
      case 'GET /api/testing/due': {
        const total = api.due.reduce((sum, entry) => sum + entry.forward + entry.swapped, 0);
        sendJson(response, 200, { total, until: '2026-03-11T00:00:00.000Z', dictionaries: api.due });
        return;
      }
      case 'POST /api/testing':
      case 'POST /api/testing/skip': {
        const submitted = JSON.parse(body) as AnswerBody;
        const found = target(submitted);
        if ('code' in found) {
          const message =
            found.code === 'NO_ACTIVE_TEST'
              ? 'There is no test in progress'
              : 'This answer is not for the current word of your test';
          error(response, found.status, found.code, message);
          return;
        }
        const result =
          route === 'POST /api/testing'
            ? answer(submitted, found.item, found.current)
            : skip(submitted, found.item, found.current);
        if (api.dropNextReply) {
          api.dropNextReply = false;
          response.destroy();
          return;
        }
        sendJson(response, 200, result);
        return;
      }
      default:
        error(response, 404, 'ROUTE_NOT_FOUND', 'This address does not exist');
    }
  });
  return api;
}

/** Remembers, as the create screen does, which test this tab started (its options and languages). */
export function rememberTest(
  user: User,
  options: TesterOptions,
  languages: { promptLanguage: Language; answerLanguage: Language } = {
    promptLanguage: 'en',
    answerLanguage: 'de',
  },
): void {
  saveActiveTest({ userId: user.id, options, ...languages });
}
