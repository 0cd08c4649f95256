import { describe, expect, it } from 'vitest';
import { isFooterVisible } from './footerVisibility';

describe('isFooterVisible', () => {
  it.each([
    '/dictionaries',
    '/dictionaries/create',
    '/dictionaries/5f8e0a4c/words/edit',
    '/dictionaries/5f8e0a4c/info/edit',
  ])('hides the footer on %s, on desktop and mobile', (path) => {
    expect(isFooterVisible(path, false)).toBe(false);
    expect(isFooterVisible(path, true)).toBe(false);
  });

  it('hides it on any path that merely contains /dictionaries', () => {
    expect(isFooterVisible('/shared/dictionaries/list', false)).toBe(false);
  });

  it.each(['/auth/login', '/auth/signup', '/createTester', '/user/edit'])(
    'hides it on %s on mobile only',
    (path) => {
      expect(isFooterVisible(path, true)).toBe(false);
      expect(isFooterVisible(path, false)).toBe(true);
    },
  );

  it.each(['/testing', '/testing/skip', '/testing/check', '/testing/finish'])(
    'hides it on %s (starts with /testing) on mobile only',
    (path) => {
      expect(isFooterVisible(path, true)).toBe(false);
      expect(isFooterVisible(path, false)).toBe(true);
    },
  );

  it('ignores a trailing slash', () => {
    expect(isFooterVisible('/auth/login/', true)).toBe(false);
    expect(isFooterVisible('/dictionaries/', false)).toBe(false);
  });

  it.each([
    '/',
    '/about',
    '/support',
    '/policy',
    '/policy/cookie/en',
    '/menu',
    '/auth',
    '/auth/guest',
    '/plans',
    '/nowhere',
  ])('shows it on %s everywhere', (path) => {
    expect(isFooterVisible(path, true)).toBe(true);
    expect(isFooterVisible(path, false)).toBe(true);
  });

  it('matches /testing only at the start of the path on mobile', () => {
    expect(isFooterVisible('/help/testing', true)).toBe(true);
  });
});
