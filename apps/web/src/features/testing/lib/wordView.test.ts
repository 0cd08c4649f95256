import { describe, expect, it } from 'vitest';
import type { ActiveTest } from '../../../shared/testing/activeTest';
import { wordMeta, wordView } from './wordView';

const DICTIONARY = '0b6f5b8e-2a4c-4d1e-9c3f-7a8b9c0d1e2f';
const OTHER = '5c0d8f3a-1b2c-4d5e-8f90-a1b2c3d4e5f6';
/** This tab started a swapped test on an English → German dictionary. */
const swappedTest: ActiveTest = {
  userId: 'ada',
  options: { dictionaryId: DICTIONARY, swap: true, range: { type: 'due' } },
  promptLanguage: 'de',
  answerLanguage: 'en',
};

describe('how a word of a test is shown (decision 0048)', () => {
  it('as the word says, whatever test the tab started', () => {
    const word = {
      dictionaryId: OTHER,
      reversed: false,
      promptLanguage: 'fr',
      answerLanguage: 'pl',
    } as const;
    expect(wordView(word, swappedTest)).toEqual({
      swapped: false,
      promptLanguage: 'fr',
      answerLanguage: 'pl',
      dictionaryId: OTHER,
    });
    // A word whose dictionary was deleted says so.
    expect(wordView({ ...word, dictionaryId: null }, swappedTest).dictionaryId).toBeNull();
  });

  it('as the tab’s test says, for a word of a test started before words said it', () => {
    expect(wordView({}, swappedTest)).toEqual({
      swapped: true,
      promptLanguage: 'de',
      answerLanguage: 'en',
      dictionaryId: DICTIONARY,
    });
  });

  it('without languages when neither says (started elsewhere, or across dictionaries)', () => {
    expect(wordView({}, null)).toEqual({
      swapped: false,
      promptLanguage: undefined,
      answerLanguage: undefined,
      dictionaryId: undefined,
    });
    const everyDictionary: ActiveTest = {
      userId: 'ada',
      options: { dictionaryId: null, swap: false, range: { type: 'due' } },
    };
    expect(wordView({}, everyDictionary).dictionaryId).toBeUndefined();
  });

  it('keeps only the fields a word said, for the next screen’s state', () => {
    expect(wordMeta({ reversed: true, promptLanguage: 'uk' })).toEqual({
      reversed: true,
      promptLanguage: 'uk',
    });
    expect(wordMeta({})).toEqual({});
  });
});
