import { describe, expect, it } from 'vitest';
import { redactCredentials, redactedError } from './redact';

describe('redactCredentials', () => {
  it('hides the password of a URL, wherever it stands and whatever it holds', () => {
    expect(redactCredentials('postgres://app:hunter2@db:5432/words')).toBe(
      'postgres://app:***@db:5432/words',
    );
    // A malformed URL: a password with "/" or "@" (the old redaction let these through).
    expect(redactCredentials('got "postgres://app:hun/ter2@db/words"')).toBe(
      'got "postgres://app:***@db/words"',
    );
    expect(redactCredentials('postgres://app:p@ss@db/words')).toBe('postgres://app:***@db/words');
    expect(redactCredentials('postgres:app:hunter2@db/words')).toBe('postgres:app:***@db/words');
    expect(redactCredentials('redis://:hunter2@cache:6379')).toBe('redis://:***@cache:6379');
    expect(redactCredentials('postgres://db/words?user=app&password=hunter2&ssl=1')).toBe(
      'postgres://db/words?user=app&password=***&ssl=1',
    );
    expect(redactCredentials('a, then smtp://u:hunter2@mail:25 and postgres://v:x2@db')).not.toContain(
      'hunter2',
    );
  });

  it('leaves text without credentials alone', () => {
    for (const text of [
      'postgres://db:5432/words',
      'mail to ada@example.com at 10:30',
      'http://localhost:3000/',
    ]) {
      expect(redactCredentials(text)).toBe(text);
    }
  });

  it('keeps none of an error but its redacted message, stack, name and code', () => {
    let thrown: unknown;
    try {
      new URL('postgres://app:hun/ter2@db/words');
    } catch (error) {
      thrown = error;
    }
    // Node's TypeError carries the whole input, which util.inspect would print.
    expect((thrown as { input?: string }).input).toContain('hun/ter2');
    const shown = redactedError(thrown);
    expect(JSON.stringify(shown)).not.toContain('ter2');
    expect(shown).toMatchObject({ type: 'TypeError', code: 'ERR_INVALID_URL' });
  });
});
