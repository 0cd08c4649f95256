import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answerFormsOf, termFormsOf } from './answer-forms';

/**
 * Definitions that exercise every rule of `definitionForms` (packages/shared/src/grading.ts):
 * alternatives, optional parts, widths, scripts, punctuation.
 */
const CORPUS = [
  'house',
  'colour/color',
  'and/or',
  '(to) go',
  'colo(u)r',
  'to go; to walk',
  '¿Qué tal?',
  'l’amour',
  'ＡＢＣ ｶﾀｶﾅ',
  'λόγος',
  'كِتَاب',
  'Straße',
  '24/7',
  'km/h',
  '(der) (alte) Mann',
  '  many   spaces  ',
  'end.',
  '猫。',
];

/**
 * When this changes, what `definitionForms` returns has changed, and every stored answer form
 * may be stale: ship a migration that sets words.answer_forms and words.term_forms to null (the
 * answer-forms job computes them again), then record the new fingerprint here.
 */
const FINGERPRINT = 'f646fcc9323d709d';

describe('answer forms', () => {
  it('are every form of every definition, once', () => {
    expect(answerFormsOf(['colour/color', '(to) go', 'Colour']).sort()).toEqual(
      ['(to) go', 'color', 'colour', 'colour/color', 'go', 'to go'].sort(),
    );
    expect(answerFormsOf([])).toEqual([]);
  });

  it('of a term are its forms as a definition', () => {
    expect(termFormsOf('(der) Mann').sort()).toEqual(['(der) mann', 'der mann', 'mann'].sort());
  });

  it('have not changed since the stored ones were computed', () => {
    // Sorted: the order of the forms is not what is stored for a lookup.
    const forms = CORPUS.map((text) => [answerFormsOf([text]).sort(), termFormsOf(text).sort()]);
    const fingerprint = createHash('sha256').update(JSON.stringify(forms)).digest('hex').slice(0, 16);
    expect(
      fingerprint,
      'definitionForms changed: add a migration that sets words.answer_forms and words.term_forms to null, then update FINGERPRINT',
    ).toBe(FINGERPRINT);
  });
});
