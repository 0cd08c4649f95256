import { describe, expect, it } from 'vitest';
import { contract } from './contract';
import { ENDPOINT_ROUTES, buildPath } from './endpoints';

describe('the zod-free endpoint table', () => {
  it('has the method and path of every contract entry, and nothing else', () => {
    const fromContract = Object.fromEntries(
      Object.entries(contract).map(([name, { method, path }]) => [name, { method, path }]),
    );
    expect(ENDPOINT_ROUTES).toEqual(fromContract);
  });

  it('fills path parameters, encoded', () => {
    expect(buildPath(ENDPOINT_ROUTES.translate.path, { word: 'a/b c' })).toBe('/translate/a%2Fb%20c');
    expect(() => buildPath(ENDPOINT_ROUTES.getWord.path, { id: 'x' })).toThrow('wordId');
  });
});
