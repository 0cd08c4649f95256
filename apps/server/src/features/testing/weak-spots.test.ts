import { describe, expect, it } from 'vitest';
import type { TestWord } from '@wordhoard/shared';
import { definitionOutcome, leeches, pairedWords, weakestDefinitions } from './weak-spots';
import type { ConfusionPair, DefinitionRecord } from './weak-spots.repository';

const item = (changes: Partial<TestWord>): TestWord => ({
  wordId: 'w',
  term: 'paw',
  definitions: ['Tatze', 'Pfote', 'Fuß'],
  done: [],
  result: null,
  answers: [],
  mistakes: 0,
  ...changes,
});

describe('definitionOutcome', () => {
  it('recalls every definition typed without a failed check', () => {
    expect(definitionOutcome(item({ done: ['Fuß', 'Tatze', 'Pfote'] }))).toEqual({
      recalled: ['Tatze', 'Pfote', 'Fuß'],
      missed: [],
    });
  });

  it('misses what was typed after the first failed check, and what was skipped', () => {
    expect(definitionOutcome(item({ done: ['Pfote', 'Tatze', 'Fuß'], helpedAt: 1 }))).toEqual({
      recalled: ['Pfote'],
      missed: ['Tatze', 'Fuß'],
    });
    expect(definitionOutcome(item({ done: ['Fuß'] }))).toEqual({
      recalled: ['Fuß'],
      missed: ['Tatze', 'Pfote'],
    });
  });

  it('leaves out the definitions shown done from the start', () => {
    expect(definitionOutcome(item({ done: ['Tatze', 'Fuß', 'Pfote'], given: 2 }))).toEqual({
      recalled: ['Pfote'],
      missed: [],
    });
    expect(definitionOutcome(item({ done: ['Tatze', 'Fuß'], given: 2, helpedAt: 2 }))).toEqual({
      recalled: [],
      missed: ['Pfote'],
    });
  });
});

const record = (changes: Partial<DefinitionRecord>): DefinitionRecord => ({
  wordId: 'cat',
  term: 'cat',
  reversed: false,
  definition: 'Katze',
  misses: 1,
  lapses: 0,
  lastMissAt: new Date('2030-01-01T00:00:00Z'),
  suspended: false,
  ...changes,
});

describe('leeches', () => {
  it('adds up the lapses of a word’s definitions in both directions against the threshold', () => {
    const records = [
      record({ lapses: 3 }),
      record({ reversed: true, definition: 'cat', lapses: 2 }),
      record({ wordId: 'dog', term: 'dog', definition: 'Hund', lapses: 4 }),
    ];
    expect(leeches(records, 5)).toEqual([{ wordId: 'cat', term: 'cat', lapses: 5, suspended: false }]);
    expect(leeches(records, 4).map((word) => word.term)).toEqual(['cat', 'dog']);
    expect(leeches(records, 6)).toEqual([]);
  });
});

describe('weakestDefinitions', () => {
  it('puts the most missed first, then the most recently missed, and leaves suspended words out', () => {
    const records = [
      record({ definition: 'a', misses: 2, lastMissAt: new Date('2030-01-01') }),
      record({ definition: 'b', misses: 5, lastMissAt: new Date('2029-01-01') }),
      record({ definition: 'c', misses: 2, lastMissAt: new Date('2030-06-01') }),
      record({ wordId: 'x', definition: 'd', misses: 9, suspended: true }),
    ];
    expect(weakestDefinitions(records, 10).map((entry) => entry.definition)).toEqual(['b', 'c', 'a']);
    expect(weakestDefinitions(records, 1).map((entry) => entry.definition)).toEqual(['b']);
  });
});

describe('pairedWords', () => {
  const word = (id: string, suspended = false) => ({ wordId: id, term: id.toUpperCase(), suspended });
  const pair = (first: string, second: string, suspended = false): ConfusionPair => ({
    first: word(first),
    second: word(second, suspended),
    times: 1,
    lastAt: new Date(),
  });

  it('asks each pair side by side, each word once, against the other word of its first pair', () => {
    expect(pairedWords([pair('a', 'b'), pair('a', 'c'), pair('d', 'e', true), pair('c', 'f')])).toEqual([
      { wordId: 'a', contrast: 'B' },
      { wordId: 'b', contrast: 'A' },
      { wordId: 'c', contrast: 'A' },
      { wordId: 'f', contrast: 'C' },
    ]);
  });
});
