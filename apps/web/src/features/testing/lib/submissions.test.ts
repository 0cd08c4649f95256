import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newAttemptId, useSubmissions } from './submissions';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('attempt ids', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are UUIDs, also where randomUUID is missing (plain http on a local network)', () => {
    expect(newAttemptId()).toMatch(UUID_V4);
    const getRandomValues = crypto.getRandomValues.bind(crypto);
    vi.stubGlobal('crypto', { getRandomValues });
    const ids = Array.from({ length: 50 }, () => newAttemptId());
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('submissions', () => {
  it('sends one at a time; a resend after no reply keeps its attemptId, a new try gets a new one', () => {
    const { result } = renderHook(() => useSubmissions());
    const submissions = result.current;

    const first = submissions.start('answer:1:w:Haus');
    expect(first).toMatch(UUID_V4);
    // A second Enter while the first is in flight is not sent.
    expect(submissions.start('answer:1:w:Haus')).toBeNull();
    expect(submissions.start('skip:1:w')).toBeNull();

    // No reply came: the same submission again is the same attempt.
    submissions.unanswered();
    expect(submissions.start('answer:1:w:Haus')).toBe(first);

    // A reply came: the same text again is a new try.
    submissions.answered();
    const second = submissions.start('answer:1:w:Haus');
    expect(second).toMatch(UUID_V4);
    expect(second).not.toBe(first);

    // Something else after a lost reply is a new attempt too.
    submissions.unanswered();
    const skip = submissions.start('skip:1:w');
    expect(skip).not.toBe(second);
    expect(result.current).toBe(submissions);
  });
});
