import { describe, expect, it } from 'vitest';
import { editDistance, findMatch, matchAnswer, normalizeAnswer, stripAccents } from './answer-matching';

describe('normalizeAnswer', () => {
  it('ignores case, outer and repeated spaces and the Unicode form', () => {
    expect(normalizeAnswer('  Big   CAT ')).toBe('big cat');
    expect(normalizeAnswer('Cafe\u0301')).toBe(normalizeAnswer('Café'));
    expect(normalizeAnswer('ÄPFEL')).toBe('äpfel');
  });
});

describe('matchAnswer', () => {
  it.each([
    ['Katze', 'katze'],
    ['  der   Hund ', 'der Hund'],
    ['КІТ', 'кіт'],
    ['Cafe\u0301', 'café'],
  ])('%j is exactly %j', (answer, expected) => {
    expect(matchAnswer(answer, expected)).toBe('exact');
  });

  it.each([
    ['cafe', 'café'],
    ['Strasse', 'Straße'],
    ['zrodlo', 'źródło'],
    ['schon', 'schön'],
    ['housse', 'house'],
    ['hous', 'house'],
    ['hose', 'horse'],
    ['gebaude', 'Gebäude'],
  ])('%j is almost %j', (answer, expected) => {
    expect(matchAnswer(answer, expected)).toBe('almost');
  });

  it.each([
    ['cat', 'cap'],
    ['tea', 'tee'],
    ['houses!', 'house'],
    ['huose', 'house'],
    ['', 'house'],
    ['completely different', 'house'],
    ['hosue', 'house'],
  ])('%j does not match %j', (answer, expected) => {
    expect(matchAnswer(answer, expected)).toBeNull();
  });
});

describe('findMatch', () => {
  it('prefers an exact match over an almost one', () => {
    expect(findMatch('house', ['housr', 'house'])).toEqual({ definition: 'house', kind: 'exact' });
    expect(findMatch('housr', ['house', 'mouse'])).toEqual({ definition: 'house', kind: 'almost' });
    expect(findMatch('nothing', ['house'])).toBeNull();
  });
});

describe('helpers', () => {
  it('counts edits by code point and stops past the maximum', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('ж', 'ш')).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2);
  });

  it('strips marks and spells out letters without one', () => {
    expect(stripAccents('ąćęłńóśźż')).toBe('acelnoszz');
    expect(stripAccents('àéîõü')).toBe('aeiou');
  });
});
