import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTE_PATHS, appRoutes, createRouteObjects } from './routes';

/** The route table of SPEC §2, as written there ({param} placeholders). */
const SPEC_ROUTES = [
  '/',
  '/about',
  '/support',
  '/auth',
  '/auth/signup',
  '/auth/login',
  '/auth/guest',
  '/auth/forgetPassword',
  '/auth/forgetPassword/code',
  '/auth/forgetPassword/password',
  '/verify',
  '/accept-policy',
  '/menu',
  '/user/edit',
  '/dictionaries',
  '/dictionaries/create',
  '/dictionaries/{dictionaryId}',
  '/dictionaries/{dictionaryId}/words/edit',
  '/dictionaries/{dictionaryId}/info/edit',
  '/createTester',
  '/testing',
  '/testing/skip',
  '/testing/check',
  '/testing/finish',
  '/plans',
  '/subscription',
  '/stripe/success',
  '/stripe/cancel',
  '/policy',
  '/policy/cookie',
  '/policy/privacy',
  '/policy/terms-of-use',
  '*',
];
/**
 * Screens beyond SPEC §2: import (from Anki too, decision 0061), and a guest keeping their words
 * (decision 0012).
 */
const PORTABILITY_ROUTES = [
  '/dictionaries/import',
  '/dictionaries/{dictionaryId}/import',
  '/dictionaries/{dictionaryId}/import/anki',
  '/account/create',
];
/**
 * Screens beyond the spec (spaced repetition, decision 0011: progress, editing one word from the
 * report; the account's goal, streak and heatmap, decision 0053; the page of a reminder mail's
 * unsubscribe link, decision 0054).
 */
const EXTRA_ROUTES = [
  '/dictionaries/{dictionaryId}/words/{wordId}/edit',
  '/dictionaries/{dictionaryId}/progress',
  '/progress',
  '/reminders/unsubscribe',
];
/** The per-language policy pages the redirects lead to. */
const POLICY_LANGUAGE_ROUTES = [
  '/policy/{lang}',
  '/policy/cookie/{lang}',
  '/policy/privacy/{lang}',
  '/policy/terms-of-use/{lang}',
];

const toRouterPath = (specPath: string) => specPath.replace(/\{(\w+)\}/g, ':$1');

describe('route table', () => {
  it('has every route of SPEC §2, the per-language policy pages and the extra screens, and nothing else', () => {
    const expected = [...SPEC_ROUTES, ...EXTRA_ROUTES, ...POLICY_LANGUAGE_ROUTES, ...PORTABILITY_ROUTES].map(
      toRouterPath,
    );
    expect([...ROUTE_PATHS].sort()).toEqual(expected.sort());
  });

  it('declares each path once', () => {
    expect(new Set(ROUTE_PATHS).size).toBe(ROUTE_PATHS.length);
  });

  it('loads every screen lazily, and can fetch it ahead of its first render', () => {
    for (const route of appRoutes) {
      expect({ path: route.path, kind: route.Screen.$$typeof, preload: typeof route.Screen.preload }).toEqual(
        {
          path: route.path,
          kind: Symbol.for('react.lazy'),
          // Start-up preloads the deep-linked screen while the session is restored (lazyScreen).
          preload: 'function',
        },
      );
    }
  });

  it.each([
    ['/', '/'],
    ['/dictionaries/create', '/dictionaries/create'],
    ['/dictionaries/5f8e0a4c-2b7d-4c1e-8f3a-9d6b2e1c0a77', '/dictionaries/:dictionaryId'],
    ['/dictionaries/5f8e0a4c/words/edit', '/dictionaries/:dictionaryId/words/edit'],
    ['/dictionaries/5f8e0a4c/info/edit', '/dictionaries/:dictionaryId/info/edit'],
    ['/dictionaries/import', '/dictionaries/import'],
    ['/dictionaries/5f8e0a4c/import', '/dictionaries/:dictionaryId/import'],
    ['/dictionaries/5f8e0a4c/words/9a1b/edit', '/dictionaries/:dictionaryId/words/:wordId/edit'],
    ['/dictionaries/5f8e0a4c/progress', '/dictionaries/:dictionaryId/progress'],
    ['/auth/forgetPassword/code', '/auth/forgetPassword/code'],
    ['/policy', '/policy'],
    ['/policy/cookie', '/policy/cookie'],
    ['/policy/de', '/policy/:lang'],
    ['/policy/terms-of-use/uk', '/policy/terms-of-use/:lang'],
    ['/stripe/success', '/stripe/success'],
    ['/no/such/page', '*'],
    ['/testing/elsewhere', '*'],
  ])('sends %s to the %s screen', (url, expectedPath) => {
    const matches = matchRoutes(createRouteObjects(), url) ?? [];
    expect(matches.at(-1)?.route.path).toBe(expectedPath);
  });
});
