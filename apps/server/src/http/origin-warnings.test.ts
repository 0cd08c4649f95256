import { describe, expect, it } from 'vitest';
import { WarningLimiter } from './origin-warnings';

describe('WarningLimiter', () => {
  it('says yes once per key per window, and again once the window has passed', () => {
    let now = 0;
    const limiter = new WarningLimiter(1_000, 10, () => now);
    expect(limiter.take('https://a.example')).toBe(true);
    expect(limiter.take('https://a.example')).toBe(false);
    expect(limiter.take('https://b.example')).toBe(true);
    now = 999;
    expect(limiter.take('https://a.example')).toBe(false);
    now = 1_000;
    expect(limiter.take('https://a.example')).toBe(true);
    expect(limiter.take('https://b.example')).toBe(true);
  });

  it('holds at most maxKeys keys: new keys beyond them wait until old ones expire', () => {
    let now = 0;
    const limiter = new WarningLimiter(1_000, 3, () => now);
    for (const key of ['a', 'b', 'c']) expect(limiter.take(key)).toBe(true);
    // A client inventing origins gets no more warnings (nor memory) within the window.
    for (let index = 0; index < 1_000; index += 1) expect(limiter.take(`new-${index}`)).toBe(false);
    expect(limiter.take('a')).toBe(false);
    now = 1_000;
    expect(limiter.take('d')).toBe(true);
    expect(limiter.take('a')).toBe(true);
  });
});
