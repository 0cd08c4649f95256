import type { OfflinePack } from '@wordhoard/shared';
import { describe, expect, it } from 'vitest';
import { answerLocally, localReport, localState, packShows, skipLocally } from './localTest';

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function packOf(...words: { term: string; definitions: string[] }[]): OfflinePack {
  return {
    testId: ID(9),
    position: 0,
    dictionaryId: ID(8),
    options: null,
    words: words.map((word, index) => ({
      wordId: ID(index + 1),
      ...word,
      done: [],
      mistakes: 0,
      result: null,
      answers: [],
      almost: false,
    })),
  };
}

const target = (position: number, wordId: string) => ({ position, wordId, attemptId: ID(7) });

describe('a test run on the device (decision 0058)', () => {
  const pack = packOf(
    { term: 'house', definitions: ['Haus', 'Gebäude'] },
    { term: 'cat', definitions: ['Katze'] },
  );

  it('accepts a definition, stays on the word while it needs more, then moves on', () => {
    const first = answerLocally(pack, { ...target(1, ID(1)), answer: ' haus ' });
    expect(first?.result).toMatchObject({
      result: 'correct',
      status: 'applied',
      needAnswers: 1,
      wordResult: null,
    });
    expect(first?.result.next).toMatchObject({ position: 1, doneDefinitions: ['Haus'] });
    const second = first && answerLocally(first.pack, { ...target(1, ID(1)), answer: 'Gebaude' });
    // Without its umlaut: almost, with the exact spelling to learn; the word is done.
    expect(second?.result).toMatchObject({
      result: 'correct',
      almost: true,
      answer: 'Gebäude',
      wordResult: 'correct',
    });
    expect(second?.result.next).toMatchObject({ term: 'cat', position: 2, total: 2 });
    expect(second?.pack.position).toBe(1);
  });

  it('counts a wrong check as a mistake, not a definition typed again, and the word then counts wrong', () => {
    const wrong = answerLocally(pack, { ...target(1, ID(1)), answer: 'Hund' });
    expect(wrong?.result).toMatchObject({
      result: 'wrong',
      correctAnswers: ['Haus', 'Gebäude'],
      needAnswers: 2,
    });
    const haus = wrong && answerLocally(wrong.pack, { ...target(1, ID(1)), answer: 'Haus' });
    const again = haus && answerLocally(haus.pack, { ...target(1, ID(1)), answer: 'Haus' });
    expect(again?.result).toMatchObject({ status: 'alreadyEntered' });
    expect(again?.pack).toBe(haus?.pack);
    const done = again && answerLocally(again.pack, { ...target(1, ID(1)), answer: 'Gebäude' });
    expect(done?.result.wordResult).toBe('wrong');
    expect(done?.pack.words[0]?.answers).toEqual(['Hund', 'Haus', 'Gebäude']);
  });

  it('skips the current word only, and refuses a word that is not the current one', () => {
    expect(answerLocally(pack, { ...target(2, ID(2)), answer: 'Katze' })).toBeNull();
    expect(answerLocally(pack, { ...target(1, ID(2)), answer: 'Katze' })).toBeNull();
    const skipped = skipLocally(pack, target(1, ID(1)));
    expect(skipped?.result).toMatchObject({ answer: ['Haus', 'Gebäude'], wordResult: 'skipped' });
    expect(skipped && skipLocally(skipped.pack, target(1, ID(1)))).toBeNull();
  });

  it('ends in a report of what was typed, and knows when it stands where the server does', () => {
    const skipped = skipLocally(pack, target(1, ID(1)));
    const cat = skipped && answerLocally(skipped.pack, { ...target(2, ID(2)), answer: 'Katze' });
    if (!cat) throw new Error('not answered');
    expect(localReport(cat.pack)).toMatchObject({ total: 2, correct: 1, wrong: 0, skipped: 1 });
    const state = localState({
      userId: ID(5),
      pack: cat.pack,
      testsLeft: 2,
      testsResetAt: '2026-11-25T00:00:00.000Z',
    });
    expect(state).toMatchObject({ test: null, testsLeft: 2, report: { total: 2 } });
    const onCat = skipped.result.next;
    if (!onCat) throw new Error('no next word');
    expect(packShows(skipped.pack, onCat)).toBe(true);
    expect(packShows(pack, onCat)).toBe(false);
  });
});

describe('a cloze test run on the device (decision 0060)', () => {
  const base = packOf({ term: 'Katze', definitions: ['cat'] }, { term: 'Hund', definitions: ['dog'] });
  const pack: OfflinePack = {
    ...base,
    words: base.words.map((word, index) => ({
      ...word,
      reversed: true,
      ...(index === 0
        ? { cloze: { before: 'The ', after: ' sleeps.' }, examples: ['The cat sleeps.', 'Cats purr.'] }
        : { cloze: { before: 'A ', after: ' barks.' }, examples: ['A dog barks.'] }),
    })),
  };

  it('shows the sentence with its blank, and the examples after each check, skip and in the report', () => {
    expect(
      localState({ userId: ID(6), pack, testsLeft: 2, testsResetAt: '2030-01-02T00:00:00.000Z' }).test,
    ).toMatchObject({
      term: 'Katze',
      reversed: true,
      cloze: { before: 'The ', after: ' sleeps.' },
    });
    const wrong = answerLocally(pack, { ...target(1, ID(1)), answer: 'dog' });
    expect(wrong?.result).toMatchObject({ result: 'wrong', examples: ['The cat sleeps.', 'Cats purr.'] });
    const right = wrong && answerLocally(wrong.pack, { ...target(1, ID(1)), answer: 'Cat' });
    expect(right?.result).toMatchObject({
      result: 'correct',
      wordResult: 'wrong',
      examples: ['The cat sleeps.', 'Cats purr.'],
    });
    expect(right?.result.next).toMatchObject({ position: 2, cloze: { before: 'A ', after: ' barks.' } });
    const skipped = right && skipLocally(right.pack, target(2, ID(2)));
    expect(skipped?.result).toMatchObject({ answer: ['dog'], examples: ['A dog barks.'] });
    const report = skipped && localReport(skipped.pack);
    expect(report?.items.map((item) => [item.result, item.examples, item.cloze?.before])).toEqual([
      ['wrong', ['The cat sleeps.', 'Cats purr.'], 'The '],
      ['skipped', ['A dog barks.'], 'A '],
    ]);
  });
});
