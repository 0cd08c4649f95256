import {
  ROLE_LIMITS,
  type Dictionary,
  type Language,
  type SortingConfigs,
  type User,
  type Word,
} from '@wordhoard/shared';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, type TestServer } from '../../../test/testServer';

/**
 * A small, real HTTP implementation of the dictionary endpoints (DESIGN §3) for the screens'
 * tests: the same paths, queries, bodies and error bodies as the API, kept in memory.
 */
export interface FakeDictionary extends Dictionary {
  words: Word[];
}

export interface FakeApi {
  user: User;
  dictionaries: FakeDictionary[];
  /** Suggestions by term; a missing term answers 503 TRANSLATION_UNAVAILABLE. */
  translations: Record<string, string[]>;
  /** The next PATCH /dictionaries/:id answers this error instead (once). */
  failNextPatch: { status: number; code: string; message: string } | null;
  /** Answers every GET /dictionaries with 500 while true. */
  failList: boolean;
  /** Holds every GET /dictionaries/:id until released (to see loading states). */
  holdPages: boolean;
  release: () => void;
}

let sequence = 0;
const uuid = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};
const iso = (offsetMs: number) => new Date(Date.UTC(2025, 0, 1) + offsetMs).toISOString();

export function makeWords(count: number, prefix = 'word'): Word[] {
  return Array.from({ length: count }, (_, index) => ({
    id: uuid(),
    term: `${prefix} ${String(index + 1).padStart(3, '0')}`,
    definitions: [`meaning ${index + 1}`],
    createdAt: iso(index * 1000),
    updatedAt: iso(index * 1000),
  }));
}

export function makeDictionary(overrides: Partial<FakeDictionary> = {}): FakeDictionary {
  const words = overrides.words ?? [];
  return {
    id: uuid(),
    name: 'Animals',
    fromLanguage: 'en',
    toLanguage: 'de',
    createdAt: iso(0),
    updatedAt: iso(0),
    ...overrides,
    words,
    wordsCount: words.length,
  };
}

/** Answers and ends the route (`return answer(…)` reads like the server's own handlers). */
function answer(response: ServerResponse, status: number, body: unknown): true {
  sendJson(response, status, body);
  return true;
}
const error = (response: ServerResponse, status: number, code: string, message: string) =>
  answer(response, status, { statusCode: status, code, message });
const noContent = (response: ServerResponse): true => {
  response.writeHead(204).end();
  return true;
};

const toDictionary = ({ words: _words, ...dictionary }: FakeDictionary): Dictionary => dictionary;

function compare<T>(key: (item: T) => string | number, direction: number) {
  return (a: T, b: T) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : 0) * direction;
  };
}

export function serveDictionaries(server: TestServer, user: User): FakeApi {
  let waiting: Array<() => void> = [];
  const api: FakeApi = {
    user,
    dictionaries: [],
    translations: {},
    failNextPatch: null,
    failList: false,
    holdPages: false,
    release() {
      api.holdPages = false;
      const pending = waiting;
      waiting = [];
      pending.forEach((answer) => answer());
    },
  };
  const now = () => new Date().toISOString();

  server.handle((request: IncomingMessage, body: string, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = `${request.method ?? ''} ${url.pathname}`;
    const query = url.searchParams;
    const json = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
    const dictionaryMatch = /^\/api\/dictionaries\/([^/]+)$/.exec(url.pathname);
    const dictionary = dictionaryMatch
      ? api.dictionaries.find((d) => d.id === dictionaryMatch[1])
      : undefined;

    if (route === 'GET /api/cookie/checkToken') return answer(response, 200, { isValid: true });
    if (route === 'POST /api/cookie/refresh') return noContent(response);
    if (route === 'GET /api/users/me') return answer(response, 200, api.user);
    if (route === 'PATCH /api/users/me') {
      const sortingConfigs = json.sortingConfigs as Partial<SortingConfigs> | undefined;
      api.user = { ...api.user, sortingConfigs: { ...api.user.sortingConfigs, ...sortingConfigs } };
      return answer(response, 200, api.user);
    }

    if (route === 'GET /api/dictionaries') {
      if (api.failList) return error(response, 500, 'INTERNAL_ERROR', 'Something went wrong on our side');
      const search = (query.get('search') ?? '').toLowerCase();
      const direction = Number(query.get('direction') ?? -1);
      const sort = query.get('sort') ?? 'update';
      const limit = Number(query.get('limit') ?? 40);
      const found = api.dictionaries
        .filter((d) => d.name.toLowerCase().includes(search))
        .sort(
          compare<FakeDictionary>(
            (d) => (sort === 'name' ? d.name.toLowerCase() : sort === 'words' ? d.wordsCount : d.updatedAt),
            direction,
          ),
        );
      return answer(response, 200, {
        data: found.slice(0, limit).map(toDictionary),
        total: found.length,
        page: 1,
        limit,
      });
    }

    if (route === 'POST /api/dictionaries') {
      const limit = ROLE_LIMITS[api.user.role].dictionaries;
      if (api.dictionaries.length >= limit) {
        return error(
          response,
          403,
          'MAX_DICTIONARIES',
          `For the "${api.user.role}" role, the maximum number of dictionaries is set to ${limit}`,
        );
      }
      const created = makeDictionary({
        name: String(json.name).trim(),
        fromLanguage: json.fromLanguage as Language,
        toLanguage: json.toLanguage as Language,
        updatedAt: now(),
      });
      api.dictionaries.push(created);
      return answer(response, 201, toDictionary(created));
    }

    // Import and export (docs/decisions/0012-data-portability.md).
    const portability = /^\/api\/dictionaries\/([^/]+)\/(import|export)$/.exec(url.pathname);
    const target = portability ? api.dictionaries.find((d) => d.id === portability[1]) : undefined;
    if (portability && !target) return error(response, 404, 'NOT_FOUND', 'Not found');
    const addWords = (into: FakeDictionary, incoming: { term: string; definitions: string[] }[]) => {
      const seen = new Set(into.words.map((w) => w.term.toLowerCase()));
      const fresh = incoming.filter((w) => !seen.has(w.term.toLowerCase()) && seen.add(w.term.toLowerCase()));
      if (into.words.length + fresh.length > ROLE_LIMITS[api.user.role].wordsPerDictionary) return null;
      into.words.push(...fresh.map((w) => ({ id: uuid(), ...w, createdAt: now(), updatedAt: now() })));
      into.wordsCount = into.words.length;
      return { imported: fresh.length, skipped: incoming.length - fresh.length };
    };
    const importResult = (into: FakeDictionary, added: { imported: number; skipped: number }) => ({
      dictionary: toDictionary(into),
      imported: added.imported,
      skipped: Array.from({ length: added.skipped }, () => ({ term: '?', reason: 'alreadyInDictionary' })),
    });
    if (target && portability?.[2] === 'export' && request.method === 'GET') {
      return answer(response, 200, {
        format: 'wordhoard.dictionary',
        version: 1,
        exportedAt: now(),
        dictionary: { ...toDictionary(target), words: target.words },
      });
    }
    if (target && portability?.[2] === 'import' && request.method === 'POST') {
      if (api.failNextPatch) {
        const { status, code, message } = api.failNextPatch;
        api.failNextPatch = null;
        return error(response, status, code, message);
      }
      const added = addWords(target, json.words as { term: string; definitions: string[] }[]);
      if (!added) return error(response, 403, 'MAX_WORDS', 'You already have max number of words');
      return answer(response, 200, importResult(target, added));
    }
    if (route === 'POST /api/dictionaries/import') {
      const created = makeDictionary({
        name: String(json.name),
        fromLanguage: json.fromLanguage as Language,
        toLanguage: json.toLanguage as Language,
      });
      const added = addWords(created, json.words as { term: string; definitions: string[] }[]);
      if (!added) return error(response, 403, 'MAX_WORDS', 'You already have max number of words');
      api.dictionaries.push(created);
      return answer(response, 201, importResult(created, added));
    }

    if (dictionaryMatch && !dictionary) return error(response, 404, 'NOT_FOUND', 'Not found');

    if (dictionary && request.method === 'GET') {
      const search = (query.get('search') ?? '').toLowerCase();
      const sort = query.get('sort') ?? 'create';
      const direction = Number(query.get('direction') ?? -1);
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 40);
      const found = dictionary.words
        .filter(
          (w) =>
            w.term.toLowerCase().includes(search) || w.definitions.join(' ').toLowerCase().includes(search),
        )
        .sort(
          compare<Word>(
            (w) => (sort === 'term' ? w.term.toLowerCase() : sort === 'update' ? w.updatedAt : w.createdAt),
            direction,
          ),
        );
      const reply = () =>
        sendJson(response, 200, {
          ...toDictionary(dictionary),
          words: found.slice((page - 1) * limit, page * limit),
          page,
          limit,
          total: found.length,
        });
      if (api.holdPages) waiting.push(reply);
      else reply();
      return true;
    }

    if (dictionary && request.method === 'PATCH') {
      if (api.failNextPatch) {
        const { status, code, message } = api.failNextPatch;
        api.failNextPatch = null;
        return error(response, status, code, message);
      }
      const words = (json.words ?? {}) as {
        create?: { term: string; definitions: string[] }[];
        update?: { id: string; term?: string; definitions?: string[] }[];
        delete?: string[];
      };
      const remaining = dictionary.words.filter((w) => !(words.delete ?? []).includes(w.id));
      const count = remaining.length + (words.create?.length ?? 0);
      if ((words.create?.length ?? 0) > 0 && count > ROLE_LIMITS[api.user.role].wordsPerDictionary) {
        return error(response, 403, 'MAX_WORDS', 'You already have max number of words');
      }
      const stamp = now();
      const updated = remaining.map((w) => {
        const change = words.update?.find((u) => u.id === w.id);
        return change ? { ...w, ...change, updatedAt: stamp } : w;
      });
      const created = (words.create ?? []).map((w, index) => ({
        id: uuid(),
        ...w,
        createdAt: new Date(Date.now() + index).toISOString(),
        updatedAt: stamp,
      }));
      const all = [...updated, ...created];
      const seen = new Set<string>();
      for (const w of all) {
        const key = w.term.toLowerCase();
        if (seen.has(key)) {
          return error(response, 409, 'DUPLICATE_TERM', `The term "${w.term}" is already in this dictionary`);
        }
        seen.add(key);
      }
      Object.assign(dictionary, {
        ...(typeof json.name === 'string' ? { name: json.name } : {}),
        ...(typeof json.fromLanguage === 'string' ? { fromLanguage: json.fromLanguage } : {}),
        ...(typeof json.toLanguage === 'string' ? { toLanguage: json.toLanguage } : {}),
        words: all,
        wordsCount: all.length,
        updatedAt: stamp,
      });
      return answer(response, 200, toDictionary(dictionary));
    }

    if (dictionary && request.method === 'DELETE') {
      api.dictionaries = api.dictionaries.filter((d) => d !== dictionary);
      return noContent(response);
    }

    const translate = /^\/api\/translate\/([^/]+)$/.exec(url.pathname);
    if (translate && request.method === 'GET') {
      const word = decodeURIComponent(translate[1] ?? '');
      const translations = api.translations[word];
      if (!translations)
        return error(response, 503, 'TRANSLATION_UNAVAILABLE', 'Translation is not available');
      return answer(response, 200, { translations });
    }

    return error(response, 404, 'ROUTE_NOT_FOUND', 'This address does not exist');
  });
  return api;
}

/** The requests the screens sent, as `METHOD /path?query`. */
export const sent = (server: TestServer, method: string, pathPrefix: string) =>
  server.requests.filter((r) => r.method === method && r.url.startsWith(pathPrefix));
