import { definitionForms } from '@wordhoard/shared';

/**
 * The stored answer forms of a word (words.answer_forms and words.term_forms): the texts a
 * wrong answer is looked up by to find the other word it belongs to (a confusion), computed
 * by the shared grader so that the lookup and the grading cannot disagree
 * (docs/decisions/0066-answer-forms-index.md).
 *
 * Changing what `definitionForms` returns changes these: ship a migration that sets both
 * columns to null, and the answer-forms job computes them again (`answer-forms.test.ts`
 * fails until the recorded fingerprint is updated, as a reminder).
 */
export function answerFormsOf(definitions: readonly string[]): string[] {
  return [...new Set(definitions.flatMap(definitionForms))];
}

export function termFormsOf(term: string): string[] {
  return definitionForms(term);
}
