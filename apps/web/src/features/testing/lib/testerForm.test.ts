import type { TesterOptions } from '@wordhoard/shared';
import { describe, expect, it } from 'vitest';
import { saveActiveTest, testLanguages } from '../../../shared/testing/activeTest';
import { readActiveTest } from '../../../shared/testing/readActiveTest';
import {
  DEFAULT_FORM_VALUES,
  formValuesFrom,
  requestedSource,
  testerFormSchema,
  toTesterOptions,
} from './testerForm';

const dictionaryId = '00000000-0000-4000-8000-000000000001';

describe('tester form values', () => {
  it('turn into the API options for every range', () => {
    const base = { ...DEFAULT_FORM_VALUES, dictionaryId };
    expect(toTesterOptions({ ...base, from: 'all', count: '100', order: 'desc' })).toEqual({
      dictionaryId,
      swap: false,
      range: { type: 'quantity', from: 'all', count: 100, order: 'desc' },
    });
    expect(toTesterOptions({ ...base, by: 'date', period: 'last3Days' })).toEqual({
      dictionaryId,
      swap: false,
      range: { type: 'date', period: 'last3Days' },
    });
    expect(
      toTesterOptions({ ...base, swap: true, by: 'date', period: 'custom', amount: ' 12 ', unit: 'weeks' }),
    ).toEqual({
      dictionaryId,
      swap: true,
      range: { type: 'date', period: 'custom', amount: 12, unit: 'weeks' },
    });
  });

  it('come back from the options of an earlier test', () => {
    const options: TesterOptions[] = [
      { dictionaryId, swap: true, range: { type: 'quantity', from: 'first', count: 50, order: 'asc' } },
      { dictionaryId, swap: false, range: { type: 'date', period: 'custom', amount: 90, unit: 'minutes' } },
      { dictionaryId, swap: false, range: { type: 'date', period: 'lastWeek' } },
      { dictionaryId, swap: false, range: { type: 'due' } },
      { dictionaryId, swap: false, range: { type: 'weak' } },
      { dictionaryId, swap: true, range: { type: 'confusions' } },
    ];
    for (const option of options) expect(toTesterOptions(formValuesFrom(option))).toEqual(option);
  });

  it('take the weak spots as ranges of their own, whatever the other controls hold', () => {
    const base = { ...DEFAULT_FORM_VALUES, dictionaryId, period: 'custom' as const, amount: '' };
    expect(toTesterOptions({ ...base, by: 'weak' })).toEqual({
      dictionaryId,
      swap: false,
      range: { type: 'weak' },
    });
    expect(toTesterOptions({ ...base, swap: true, by: 'confusions' })).toEqual({
      dictionaryId,
      swap: true,
      range: { type: 'confusions' },
    });
    // An empty custom amount, hidden behind another source, stops nothing.
    expect(testerFormSchema.safeParse({ ...base, by: 'weak' }).success).toBe(true);
  });

  it('know the sources a link may ask for', () => {
    expect(requestedSource('weak')).toBe('weak');
    expect(requestedSource('confusions')).toBe('confusions');
    expect(requestedSource('due')).toBe('due');
    expect(requestedSource('hardest')).toBeNull();
    expect(requestedSource(null)).toBeNull();
  });

  it('check the custom amount only where it applies', () => {
    const base = { ...DEFAULT_FORM_VALUES, dictionaryId, by: 'date' as const, period: 'custom' as const };
    const messages = (amount: string) =>
      testerFormSchema.safeParse({ ...base, amount }).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages('')).toEqual(['validation.required']);
    expect(messages('0')).toEqual(['Testing.Create.AmountInvalid']);
    expect(messages('10000')).toEqual(['Testing.Create.AmountInvalid']);
    expect(messages('1.5')).toEqual(['Testing.Create.AmountInvalid']);
    expect(messages('9999')).toEqual([]);
    expect(testerFormSchema.safeParse({ ...base, period: 'lastDay', amount: '' }).success).toBe(true);
  });
});

describe('the active test of this tab', () => {
  it('knows the prompt and answer languages, swapped or not', () => {
    const dictionary = { fromLanguage: 'en', toLanguage: 'uk' } as const;
    expect(testLanguages(dictionary, false)).toEqual({ promptLanguage: 'en', answerLanguage: 'uk' });
    expect(testLanguages(dictionary, true)).toEqual({ promptLanguage: 'uk', answerLanguage: 'en' });
  });

  it('is kept for its own user only, and ignores anything unreadable', () => {
    const options: TesterOptions = {
      dictionaryId,
      swap: false,
      range: { type: 'quantity', from: 'last', count: 20, order: 'asc' },
    };
    saveActiveTest({ userId: 'ada', options, promptLanguage: 'en', answerLanguage: 'de' });

    expect(readActiveTest('ada')).toEqual({
      userId: 'ada',
      options,
      promptLanguage: 'en',
      answerLanguage: 'de',
    });
    expect(readActiveTest('bob')).toBeNull();
    expect(readActiveTest(undefined)).toBeNull();

    window.sessionStorage.setItem('wordhoard.testing.activeTest', '{not json');
    expect(readActiveTest('ada')).toBeNull();
    window.sessionStorage.clear();
  });
});
