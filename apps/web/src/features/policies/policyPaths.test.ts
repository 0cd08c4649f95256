import { describe, expect, it } from 'vitest';
import { policyLanguage, policyRedirectTarget } from './policyPaths';

describe('policy redirects', () => {
  it.each(['/policy', '/policy/cookie', '/policy/privacy', '/policy/terms-of-use'])(
    'appends the language to %s',
    (path) => {
      expect(policyRedirectTarget(path, null, 'fr')).toBe(`${path}/fr`);
    },
  );

  it("prefers the signed-in user's interface language", () => {
    expect(policyRedirectTarget('/policy/privacy', 'uk', 'de-AT')).toBe('/policy/privacy/uk');
  });

  it('otherwise takes the first two letters of the interface language', () => {
    expect(policyRedirectTarget('/policy/cookie', undefined, 'de-AT')).toBe('/policy/cookie/de');
    expect(policyLanguage(null, 'pl-PL')).toBe('pl');
  });

  it('falls back to English for an unsupported interface language', () => {
    expect(policyRedirectTarget('/policy', null, 'ja-JP')).toBe('/policy/en');
    expect(policyLanguage(null, '')).toBe('en');
  });

  it('ignores a trailing slash', () => {
    expect(policyRedirectTarget('/policy/terms-of-use/', null, 'it')).toBe('/policy/terms-of-use/it');
    expect(policyRedirectTarget('/policy/', null, 'es')).toBe('/policy/es');
  });
});
