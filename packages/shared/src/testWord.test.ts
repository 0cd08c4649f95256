import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CONFUSIONS,
  MAX_RECORDED_ANSWERS,
  answerWord,
  finishedWordAnswer,
  itemOf,
  overrideWord,
  replayAttempt,
  replayLateAnswers,
  reportOf,
  skipWord,
  type TestWord,
  type WordProgress,
} from './testWord';

const wordOf = (definitions: string[], changes: Partial<TestWord> = {}): TestWord => ({
  wordId: '00000000-0000-4000-8000-000000000001',
  term: 'house',
  definitions,
  done: [],
  result: null,
  answers: [],
  mistakes: 0,
  ...changes,
});

type Step = { answer: string } | 'skip' | { override: number };

/** Applies steps in order with attempt ids a1, a2, …; what each returned, and the word after. */
function run(word: TestWord, steps: Step[]) {
  const results: unknown[] = [];
  steps.forEach((step, index) => {
    const id = `a${index + 1}`;
    if (step === 'skip') {
      const skipped = skipWord(word, id);
      word = skipped.word;
      results.push(skipped.result);
    } else if ('override' in step) {
      const changed = overrideWord(word, `a${step.override}`, id);
      if (changed) word = changed.word;
      results.push(changed?.result ?? null);
    } else {
      const answered = answerWord(word, step.answer, { attemptId: id });
      if ('word' in answered) word = answered.word;
      results.push(answered.result);
    }
  });
  return { word, results };
}

/**
 * The rules of a test word (DESIGN §5, decisions 0018, 0043, 0049), one row each: the word's
 * definitions, what was typed, and the word's result, mistakes and done definitions after.
 */
const RULES: {
  rule: string;
  definitions: string[];
  steps: Step[];
  result: TestWord['result'];
  mistakes: number;
  done: string[];
  almost?: boolean;
}[] = [
  {
    rule: 'one right answer finishes a one-definition word',
    definitions: ['Haus'],
    steps: [{ answer: ' haus ' }],
    result: 'correct',
    mistakes: 0,
    done: ['Haus'],
  },
  {
    rule: 'each definition is typed once, in any order',
    definitions: ['Haus', 'Gebäude'],
    steps: [{ answer: 'Gebäude' }, { answer: 'Haus' }],
    result: 'correct',
    mistakes: 0,
    done: ['Gebäude', 'Haus'],
  },
  {
    rule: 'a word stays open while definitions remain',
    definitions: ['Haus', 'Gebäude'],
    steps: [{ answer: 'Haus' }],
    result: null,
    mistakes: 0,
    done: ['Haus'],
  },
  {
    rule: 'a near miss completes a definition, marked almost',
    definitions: ['Gebäude'],
    steps: [{ answer: 'Gebaude' }],
    result: 'correct',
    mistakes: 0,
    done: ['Gebäude'],
    almost: true,
  },
  {
    rule: 'a wrong check, then the right answer: the word counts wrong',
    definitions: ['Haus'],
    steps: [{ answer: 'Hund' }, { answer: 'Haus' }],
    result: 'wrong',
    mistakes: 1,
    done: ['Haus'],
  },
  {
    rule: 'a definition typed again is not a mistake',
    definitions: ['Haus', 'Gebäude'],
    steps: [{ answer: 'Haus' }, { answer: 'haus' }, { answer: 'Gebäude' }],
    result: 'correct',
    mistakes: 0,
    done: ['Haus', 'Gebäude'],
  },
  {
    rule: 'a skip with no mistake counts skipped',
    definitions: ['Haus', 'Gebäude'],
    steps: [{ answer: 'Haus' }, 'skip'],
    result: 'skipped',
    mistakes: 0,
    done: ['Haus'],
  },
  {
    rule: 'a skip after a wrong check counts wrong',
    definitions: ['Haus'],
    steps: [{ answer: 'Hund' }, 'skip'],
    result: 'wrong',
    mistakes: 1,
    done: [],
  },
  {
    rule: '"I was right" takes back the mistake and completes the nearest definition',
    definitions: ['Haus'],
    steps: [{ answer: 'Hause' }, { override: 1 }],
    result: 'correct',
    mistakes: 0,
    done: ['Haus'],
  },
  {
    rule: '"I was right" once per wrong attempt',
    definitions: ['Haus', 'Gebäude'],
    steps: [{ answer: 'Hxx' }, { override: 1 }, { override: 1 }],
    result: null,
    mistakes: 0,
    done: ['Haus'],
  },
];

describe('a test word: one rule, one place', () => {
  it.each(RULES)('$rule', ({ definitions, steps, result, mistakes, done, almost }) => {
    const { word } = run(wordOf(definitions), steps);
    expect(word.result).toBe(result);
    expect(word.mistakes).toBe(mistakes);
    expect(word.done).toEqual(done);
    expect(word.almost === true).toBe(almost === true);
  });

  it('never accepts another word’s answer, not even as a near miss, and names the confusion once', () => {
    const others = [{ id: 'w2', term: 'dog', definitions: ['Hund'] }];
    const word = wordOf(['Hut']);
    const first = answerWord(word, 'Hund', { attemptId: 'a1', others });
    expect(first.result).toMatchObject({ result: 'wrong', confusedWith: { term: 'dog' } });
    if (!('word' in first)) throw new Error('a wrong answer changes the word');
    expect(first.log).toMatchObject({ result: 'wrong', confusedWordId: 'w2' });
    const again = answerWord(first.word, 'Hund', { attemptId: 'a2', others });
    if (!('word' in again)) throw new Error('a wrong answer changes the word');
    expect(again.word.confusions).toEqual(['dog']);
    // Without the other words (offline) the same answer is only wrong.
    expect(answerWord(word, 'Hund').result).not.toHaveProperty('confusedWith');
  });

  it('keeps the newest MAX_RECORDED_ANSWERS answers and attempts, and MAX_CONFUSIONS confusions', () => {
    const others = Array.from({ length: MAX_CONFUSIONS + 2 }, (_, index) => ({
      id: `w${index}`,
      term: `term${index}`,
      definitions: [`meaning number ${index}`],
    }));
    let word = wordOf(['Haus']);
    for (let index = 0; index < MAX_RECORDED_ANSWERS + 5; index += 1) {
      const typed = `meaning number ${index % others.length}`;
      const step = answerWord(word, typed, { attemptId: `a${index}`, others });
      if ('word' in step) word = step.word;
    }
    expect(word.answers).toHaveLength(MAX_RECORDED_ANSWERS);
    expect(word.attempts).toHaveLength(MAX_RECORDED_ANSWERS);
    expect(word.attempts?.at(-1)?.id).toBe(`a${MAX_RECORDED_ANSWERS + 4}`);
    expect(word.confusions).toHaveLength(MAX_CONFUSIONS);
  });

  it('replays an applied attempt as its first result, whatever happened to the word since', () => {
    const { word, results } = run(wordOf(['Haus', 'Gebäude']), [
      { answer: 'Hund' },
      { answer: 'haus' },
      { answer: 'Gebaude' },
    ]);
    const [wrong, right, almost] = word.attempts ?? [];
    if (!wrong || !right || !almost) throw new Error('three attempts are remembered');
    expect(replayAttempt(word, wrong, 'answer')).toEqual(results[0]);
    expect(replayAttempt(word, right, 'answer')).toMatchObject({
      result: 'correct',
      answer: 'Haus',
      needAnswers: 1,
      wordResult: null,
    });
    expect(replayAttempt(word, almost, 'answer')).toEqual(results[2]);
    // An answer's attempt is not a skip's, nor an override's.
    expect(replayAttempt(word, right, 'skip')).toBeUndefined();
    expect(replayAttempt(word, right, 'override')).toBeUndefined();
    expect(finishedWordAnswer(word, 'Hund')).toMatchObject({ status: 'wordFinished', wordResult: 'wrong' });
  });

  it('shows the word as GET /testing does, and reports unfinished words as skipped', () => {
    const { word } = run(wordOf(['Haus', 'Gebäude'], { examples: ['Das Haus ist alt.'] }), [
      { answer: 'Haus' },
    ]);
    expect(itemOf(word, 3, 7)).toEqual({
      wordId: word.wordId,
      term: 'house',
      position: 3,
      total: 7,
      needAnswers: 1,
      doneDefinitions: ['Haus'],
    });
    const report = reportOf({ dictionaryId: null, options: null }, [word]);
    expect(report).toMatchObject({ total: 1, correct: 0, wrong: 0, skipped: 1 });
    expect(report.items[0]).toMatchObject({
      result: 'skipped',
      examples: ['Das Haus ist alt.'],
      leech: false,
    });
  });
});

/** What a learner may type for a word: a definition, a near miss of one, something else, or skip. */
function stepFor(definitions: string[]) {
  return fc.oneof(
    fc.constantFrom(...definitions).map((answer) => ({ kind: 'answer' as const, answer })),
    fc
      .constantFrom(...definitions)
      .map((answer) => ({ kind: 'answer' as const, answer: `${answer.slice(0, -1)}x` })),
    fc.constantFrom('Hund', 'Katze', '', 'xyz').map((answer) => ({ kind: 'answer' as const, answer })),
    fc.constant({ kind: 'skip' as const }),
  );
}

const DEFINITION_SETS = [['Haus'], ['Haus', 'Gebäude'], ['Schloss', 'Burg', 'Festung'], ['der Zugang']];

describe('the report of near misses and overrides', () => {
  it('says what was typed for a near miss and which wrong answer the learner counted as right', () => {
    const { word } = run(wordOf(['Gebäude', 'Haus']), [
      { answer: 'Gebaude' },
      { answer: 'Hause' },
      { override: 2 },
    ]);
    const [item] = reportOf({ dictionaryId: null, options: null }, [word]).items;
    expect(item).toMatchObject({
      result: 'correct',
      almost: [{ typed: 'Gebaude', definition: 'Gebäude' }],
      overridden: ['Hause'],
    });
  });
});

describe('late answers (offline, decision 0058) against answers online', () => {
  it('replaying late answers gives the state and report that answering them online gives', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .constantFrom(...DEFINITION_SETS)
            .chain((definitions) =>
              fc.array(stepFor(definitions), { maxLength: 8 }).map((steps) => ({ definitions, steps })),
            ),
          { minLength: 1, maxLength: 5 },
        ),
        (words) => {
          // Online: each step applied to the word the server saved (JSON, as jsonb keeps it),
          // with its attempt id, until the word is finished; the rest are never sent.
          const online: WordProgress[] = words.map(({ definitions, steps }, wordIndex) => {
            let word: TestWord = JSON.parse(JSON.stringify(wordOf(definitions, { wordId: `w${wordIndex}` })));
            for (const [index, step] of steps.entries()) {
              const id = `w${wordIndex}a${index}`;
              const changed =
                step.kind === 'skip' ? skipWord(word, id) : answerWord(word, step.answer, { attemptId: id });
              if (!('word' in changed)) continue;
              word = JSON.parse(JSON.stringify(changed.word));
              if (changed.finished) break;
            }
            return word;
          });
          const late = words.map(({ definitions, steps }) => replayLateAnswers(definitions, steps));
          words.forEach((_, index) => {
            const word = online[index];
            const outcome = late[index];
            if (!word) throw new Error('one online word per word');
            expect(outcome?.result ?? null).toBe(word.result);
            if (outcome) expect(outcome.almost).toBe(word.almost === true);
          });
          const report = reportOf({ dictionaryId: null, options: null }, online);
          const results = late.map((outcome) => outcome?.result ?? 'skipped');
          expect([report.correct, report.wrong, report.skipped]).toEqual(
            (['correct', 'wrong', 'skipped'] as const).map(
              (kind) => results.filter((result) => result === kind).length,
            ),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
