import { MAX_ANSWER_DURATION_MS, type AnswerBody, type AnswerResult, type TestItem } from '@wordhoard/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../shared/http';
import {
  initialRunnerState,
  isBusy,
  shownAtOnce,
  timeSubmission,
  transition,
  type RunnerEvent,
  type RunnerState,
  type Transition,
} from './testRunnerMachine';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const FIRST_ATTEMPT = ID(71);
const SECOND_ATTEMPT = ID(72);

/** The word at `position` of a three-word test, with the definitions entered so far. */
const word = (position: number, doneDefinitions: string[] = []): TestItem => ({
  wordId: ID(position),
  term: `term ${position}`,
  position,
  total: 3,
  needAnswers: 2 - doneDefinitions.length,
  doneDefinitions,
  dictionaryId: ID(50),
  reversed: false,
  promptLanguage: 'en',
  answerLanguage: 'de',
});
const HOUSE = word(1);
const CAT = word(2);

/** A correct answer that finished the word: the test goes on with the next one. */
const correct = (overrides: Partial<AnswerResult> = {}): AnswerResult => ({
  result: 'correct',
  almost: false,
  answer: 'Haus',
  correctAnswers: ['Haus'],
  needAnswers: 0,
  doneDefinitions: ['Haus'],
  status: 'applied',
  wordResult: 'correct',
  next: CAT,
  ...overrides,
});
const wrong = (overrides: Partial<AnswerResult> = {}): AnswerResult =>
  correct({
    result: 'wrong',
    needAnswers: 1,
    doneDefinitions: [],
    wordResult: null,
    next: HOUSE,
    ...overrides,
  });

const bodyOf = (item: TestItem, answer: string, attemptId = FIRST_ATTEMPT): AnswerBody => ({
  position: item.position,
  wordId: item.wordId,
  attemptId,
  answer,
  durationMs: 1200,
});

const submitted = (item: TestItem, text: string): RunnerEvent => ({ type: 'answerSubmitted', item, text });
const sent = (
  item: TestItem,
  answer: string,
  predicted: AnswerResult | null,
  attemptId = FIRST_ATTEMPT,
): RunnerEvent => ({
  type: 'answerSent',
  body: bodyOf(item, answer, attemptId),
  item,
  predicted,
});
const returned = (
  item: TestItem,
  answer: string,
  result: AnswerResult,
  attemptId = FIRST_ATTEMPT,
): RunnerEvent => ({
  type: 'answerReturned',
  body: bodyOf(item, answer, attemptId),
  result,
});
const failed = (error: Error, attemptId = FIRST_ATTEMPT): RunnerEvent => ({
  type: 'answerFailed',
  attemptId,
  error,
});
const settled = (
  cached: TestItem | null,
  error: Error | null = null,
  attemptId = FIRST_ATTEMPT,
): RunnerEvent => ({
  type: 'answerSettled',
  attemptId,
  error,
  cached,
});
const skipSent = (item: TestItem, attemptId = SECOND_ATTEMPT): RunnerEvent => ({
  type: 'skipSent',
  body: { position: item.position, wordId: item.wordId, attemptId, durationMs: 800 },
  item,
});
const skipSettled = (error: Error | null = null, attemptId = SECOND_ATTEMPT): RunnerEvent => ({
  type: 'skipSettled',
  attemptId,
  error,
});
const shownLine = (message: string): RunnerEvent => ({
  type: 'feedbackShown',
  feedback: { tone: 'correct', message },
});

const movedOnError = () => new ApiError('Moved on', 409, 'WORD_NOT_CURRENT');
const serverError = () => new ApiError('Broken', 500, 'INTERNAL_ERROR');
const networkError = () => new NetworkError('Failed to fetch');

/** The machine after `events`, from a screen just opened: its state and the last step's effects. */
function play(...events: RunnerEvent[]): Transition {
  return playFrom(initialRunnerState, ...events);
}
function playFrom(state: RunnerState, ...events: RunnerEvent[]): Transition {
  let step: Transition = { state, effects: [] };
  for (const event of events) step = transition(step.state, event);
  return step;
}

describe('the test runner machine (issue 45)', () => {
  describe('an answer typed and sent', () => {
    it('asks to send the trimmed answer for the word shown, and waits in idle until it is sent', () => {
      const step = play(submitted(HOUSE, '  Haus '));
      expect(step.effects).toEqual([{ type: 'sendAnswer', item: HOUSE, text: 'Haus' }]);
      expect(step.state.flow.name).toBe('idle');
    });

    it('sends nothing for an empty answer: shows the error and takes the focus back', () => {
      const step = play(submitted(HOUSE, '   '));
      expect(step.effects).toEqual([{ type: 'focusField' }]);
      expect(step.state.missingAnswer).toBe(true);
    });

    it('takes the error away once something is typed, or an answer goes', () => {
      const missing = play(submitted(HOUSE, '')).state;
      expect(transition(missing, { type: 'answerTyped' }).state.missingAnswer).toBe(false);
      expect(transition(missing, submitted(HOUSE, 'Haus')).state.missingAnswer).toBe(false);
    });

    it('changes nothing when typing without an error shown (a keystroke re-renders nothing)', () => {
      const step = play({ type: 'answerTyped' });
      expect(step.state).toBe(initialRunnerState);
      expect(step.effects).toEqual([]);
    });

    it('waits for the server with nothing shown when the device cannot grade the answer', () => {
      const step = play(submitted(HOUSE, 'Haus'), sent(HOUSE, 'Haus', null));
      expect(step.state.flow).toMatchObject({ name: 'sending', attemptId: FIRST_ATTEMPT, item: HOUSE });
      expect(step.effects).toEqual([{ type: 'postAnswer', body: bodyOf(HOUSE, 'Haus') }]);
      expect(isBusy(step.state)).toBe(true);
    });

    it('shows a correct answer graded on the device at once, after sending it, with the field open', () => {
      const predicted = correct();
      const step = play(submitted(HOUSE, 'Haus'), sent(HOUSE, 'Haus', predicted));
      expect(step.state.flow).toMatchObject({ name: 'confirming', shown: predicted, queued: null });
      expect(step.effects).toEqual([
        { type: 'postAnswer', body: bodyOf(HOUSE, 'Haus') },
        { type: 'showCorrect', result: predicted, item: HOUSE },
      ]);
      expect(isBusy(step.state)).toBe(false);
    });

    it('shows at once only a correct answer with the word to show next', () => {
      expect(shownAtOnce(correct())).not.toBeNull();
      expect(shownAtOnce(null)).toBeNull();
      expect(shownAtOnce(wrong())).toBeNull();
      // Almost right: the check screen shows the spelling to learn.
      expect(shownAtOnce(correct({ almost: true }))).toBeNull();
      expect(shownAtOnce(correct({ status: 'alreadyEntered' }))).toBeNull();
      // The test is finished: its report is loaded from the server.
      expect(shownAtOnce(correct({ next: null }))).toBeNull();
    });
  });

  describe("the server's result of an answer shown only once it is back", () => {
    const waiting = () => play(submitted(HOUSE, ' Haus'), sent(HOUSE, 'Haus', null)).state;

    it('shows a correct one, then frees the runner and the submission (a new attempt next)', () => {
      const result = correct({ needAnswers: 1, next: word(1, ['Haus']) });
      const back = transition(waiting(), returned(HOUSE, 'Haus', result));
      expect(back.effects).toEqual([{ type: 'showCorrect', result, item: HOUSE }]);
      const done = transition(back.state, settled(word(1, ['Haus'])));
      expect(done.state.flow).toEqual({ name: 'idle' });
      expect(done.effects).toEqual([{ type: 'closeSubmission', answered: true }]);
      expect(isBusy(done.state)).toBe(false);
    });

    it('opens the check screen for a wrong one, with what was typed and the answer it names', () => {
      const result = wrong();
      const back = transition(waiting(), returned(HOUSE, ' Hund ', result));
      expect(back.effects).toEqual([
        {
          type: 'showCheck',
          state: {
            wordId: HOUSE.wordId,
            position: 1,
            term: 'term 1',
            result,
            attemptId: FIRST_ATTEMPT,
            typed: 'Hund',
            dictionaryId: ID(50),
            reversed: false,
            promptLanguage: 'en',
            answerLanguage: 'de',
          },
          testMovedOn: false,
        },
      ]);
    });

    it('opens the check screen for an almost-right one, the cached word being stale (it was accepted)', () => {
      const back = transition(waiting(), returned(HOUSE, 'Hause', correct({ almost: true })));
      expect(back.effects).toMatchObject([{ type: 'showCheck', testMovedOn: true }]);
    });

    it('tells a definition entered before, counting nothing', () => {
      const back = transition(
        waiting(),
        returned(HOUSE, 'Haus', correct({ status: 'alreadyEntered', answer: 'Haus' })),
      );
      expect(back.effects).toEqual([{ type: 'showAlreadyEntered', answer: 'Haus' }]);
    });

    it('shows where the test is when the word was finished elsewhere', () => {
      const back = transition(waiting(), returned(HOUSE, 'Haus', correct({ status: 'wordFinished' })));
      expect(back.effects).toEqual([{ type: 'showMovedOn' }]);
    });

    it('ignores a reply for an attempt it no longer waits for', () => {
      const state = waiting();
      const stray = transition(state, returned(HOUSE, 'Haus', correct(), SECOND_ATTEMPT));
      expect(stray.state).toBe(state);
      expect(stray.effects).toEqual([]);
    });
  });

  describe('a correct answer shown at once, confirmed by the server (issue 23)', () => {
    const predicted = correct();
    const confirming = () =>
      play(submitted(HOUSE, 'Haus'), sent(HOUSE, 'Haus', predicted), shownLine('Correct')).state;

    it("keeps what it showed when the server agrees, showing the server's copy of the next word", () => {
      const serverNext = { ...CAT, term: 'term 2 (server)' };
      const back = transition(confirming(), returned(HOUSE, 'Haus', correct({ next: serverNext })));
      expect(back.effects).toEqual([{ type: 'showServerCopy', next: serverNext }]);
      expect(back.state.feedback?.message).toBe('Correct');
      const done = transition(back.state, settled(serverNext));
      expect(done.state.flow).toEqual({ name: 'idle' });
      expect(done.effects).toEqual([{ type: 'closeSubmission', answered: true }]);
    });

    it('reloads the test when the server grades otherwise, and its grade stands (a wrong one: the check screen)', () => {
      const back = transition(confirming(), returned(HOUSE, 'Haus', wrong()));
      expect(back.effects).toMatchObject([
        { type: 'reloadTest', fallback: HOUSE },
        { type: 'showCheck', testMovedOn: false },
      ]);
    });

    it('shows the server’s correct result over the reloaded test when only the progress differs', () => {
      const server = correct({ needAnswers: 1, wordResult: null, next: word(1, ['Haus']) });
      const back = transition(confirming(), returned(HOUSE, 'Haus', server));
      expect(back.effects).toEqual([
        { type: 'reloadTest', fallback: HOUSE },
        { type: 'showCorrect', result: server, item: HOUSE },
      ]);
    });

    it('reloads and says the test moved on when the word was finished elsewhere meanwhile', () => {
      const back = transition(
        confirming(),
        returned(HOUSE, 'Haus', correct({ status: 'wordFinished', next: undefined })),
      );
      expect(back.effects).toEqual([{ type: 'reloadTest', fallback: HOUSE }, { type: 'showMovedOn' }]);
    });

    it('takes back what it showed when the server refuses the answer', () => {
      const back = transition(confirming(), failed(movedOnError()));
      expect(back.state.feedback).toBeNull();
      expect(back.effects).toEqual([{ type: 'showMovedOn' }]);
    });
  });

  describe('an answer that failed', () => {
    const waiting = () =>
      play(shownLine('Correct'), submitted(HOUSE, 'Haus'), sent(HOUSE, 'Haus', null)).state;

    it('shows where the test is, without an error, when the word is no longer the current one', () => {
      const back = transition(waiting(), failed(movedOnError()));
      expect(back.effects).toEqual([{ type: 'showMovedOn' }]);
      // Nothing of this answer was shown: the line before stays until the new one.
      expect(back.state.feedback?.message).toBe('Correct');
    });

    it('reports a refusal the server answered with; the next send is a new attempt', () => {
      const error = serverError();
      const back = transition(waiting(), failed(error));
      expect(back.effects).toEqual([{ type: 'reportFailure', error }]);
      expect(transition(back.state, settled(HOUSE, error)).effects).toEqual([
        { type: 'closeSubmission', answered: true },
      ]);
    });

    it('keeps the attempt for a resend when no reply came back (its fate is unknown)', () => {
      const error = networkError();
      const back = transition(waiting(), failed(error));
      expect(back.effects).toEqual([{ type: 'reportFailure', error }]);
      const done = transition(back.state, settled(HOUSE, error));
      expect(done.effects).toEqual([{ type: 'closeSubmission', answered: false }]);
      expect(done.state.flow).toEqual({ name: 'idle' });
    });

    it('still reports a failure of an attempt it no longer waits for', () => {
      const error = serverError();
      const state = waiting();
      const stray = transition(state, failed(error, SECOND_ATTEMPT));
      expect(stray.state).toBe(state);
      expect(stray.effects).toEqual([{ type: 'reportFailure', error }]);
    });
  });

  describe('skipping', () => {
    it('asks to send a skip of the word shown, then waits for it, busy', () => {
      const asked = play({ type: 'skipRequested', item: HOUSE });
      expect(asked.effects).toEqual([{ type: 'sendSkip', item: HOUSE }]);
      const sending = transition(asked.state, skipSent(HOUSE));
      expect(sending.state.flow).toEqual({ name: 'skipping', attemptId: SECOND_ATTEMPT, item: HOUSE });
      expect(sending.effects).toEqual([
        {
          type: 'postSkip',
          body: { position: 1, wordId: HOUSE.wordId, attemptId: SECOND_ATTEMPT, durationMs: 800 },
        },
      ]);
      expect(isBusy(sending.state)).toBe(true);
    });

    it('opens the skip screen with the answers of the skipped word, and its examples when it has any', () => {
      const skipping = play(skipSent(HOUSE)).state;
      const next = {
        answer: ['Haus'],
        status: 'applied' as const,
        wordResult: 'skipped' as const,
        next: CAT,
      };
      const shown = transition(skipping, { type: 'skipReturned', attemptId: SECOND_ATTEMPT, result: next });
      expect(shown.effects).toEqual([
        {
          type: 'showSkipped',
          state: {
            wordId: HOUSE.wordId,
            term: 'term 1',
            answers: ['Haus'],
            dictionaryId: ID(50),
            reversed: false,
            promptLanguage: 'en',
            answerLanguage: 'de',
          },
        },
      ]);
      const withExamples = transition(skipping, {
        type: 'skipReturned',
        attemptId: SECOND_ATTEMPT,
        result: { ...next, examples: ['Das Haus ist alt.'] },
      });
      expect(withExamples.effects).toMatchObject([{ state: { examples: ['Das Haus ist alt.'] } }]);
      expect(
        transition(skipping, {
          type: 'skipReturned',
          attemptId: SECOND_ATTEMPT,
          result: { ...next, examples: [] },
        }).effects[0],
      ).not.toHaveProperty('state.examples');
    });

    it('shows where the test is when the word was finished elsewhere', () => {
      const result = { answer: [], status: 'wordFinished' as const, wordResult: 'correct' as const };
      const shown = play(skipSent(HOUSE), { type: 'skipReturned', attemptId: SECOND_ATTEMPT, result });
      expect(shown.effects).toEqual([{ type: 'showMovedOn' }]);
    });

    it('reports a failed skip, then is free again, keeping the attempt when no reply came back', () => {
      const error = networkError();
      const back = play(skipSent(HOUSE), { type: 'skipFailed', attemptId: SECOND_ATTEMPT, error });
      expect(back.effects).toEqual([{ type: 'reportFailure', error }]);
      const done = transition(back.state, skipSettled(error));
      expect(done.state.flow).toEqual({ name: 'idle' });
      expect(done.effects).toEqual([{ type: 'closeSubmission', answered: false }]);
    });

    it('sends nothing more while a skip is on its way: a second Skip, an Enter', () => {
      const skipping = play(skipSent(HOUSE)).state;
      for (const event of [{ type: 'skipRequested', item: HOUSE } as const, submitted(HOUSE, 'Haus')]) {
        const step = transition(skipping, event);
        expect(step.state).toBe(skipping);
        expect(step.effects).toEqual([]);
      }
    });
  });

  describe('races', () => {
    it('sends one answer for Enter pressed twice while the first waits with nothing shown', () => {
      const waiting = play(submitted(HOUSE, 'Haus'), sent(HOUSE, 'Haus', null)).state;
      const again = transition(waiting, submitted(HOUSE, 'Haus'));
      expect(again.state).toBe(waiting);
      expect(again.effects).toEqual([]);
    });

    it('skips once the answer is back when Skip is pressed while it is on its way, the word still shown', () => {
      const progress = word(1, ['Haus']);
      const result = correct({ needAnswers: 1, wordResult: null, next: progress });
      const back = play(
        submitted(HOUSE, 'Haus'),
        sent(HOUSE, 'Haus', null),
        { type: 'skipRequested', item: HOUSE },
        returned(HOUSE, 'Haus', result),
      );
      expect(back.effects).toEqual([{ type: 'showCorrect', result, item: HOUSE }]);
      const done = transition(back.state, settled(progress));
      // The skip goes for the word as it is shown now; the submission is closed first.
      expect(done.effects).toEqual([
        { type: 'closeSubmission', answered: true },
        { type: 'sendSkip', item: progress },
      ]);
    });

    it('drops a Skip pressed while a wrong answer is on its way: the check screen is for that word', () => {
      const back = play(
        submitted(HOUSE, 'Hund'),
        sent(HOUSE, 'Hund', null),
        { type: 'skipRequested', item: HOUSE },
        returned(HOUSE, 'Hund', wrong()),
      );
      expect(transition(back.state, settled(HOUSE)).effects).toEqual([
        { type: 'closeSubmission', answered: true },
      ]);
    });

    it('drops a Skip asked meanwhile when the answer moved the test to another word', () => {
      const back = play(
        submitted(HOUSE, 'Haus'),
        sent(HOUSE, 'Haus', null),
        { type: 'skipRequested', item: HOUSE },
        returned(HOUSE, 'Haus', correct()),
      );
      expect(transition(back.state, settled(CAT)).effects).toEqual([
        { type: 'closeSubmission', answered: true },
      ]);
    });

    it('drops what was asked meanwhile when the answer failed', () => {
      const back = play(
        submitted(HOUSE, 'Haus'),
        sent(HOUSE, 'Haus', null),
        { type: 'skipRequested', item: HOUSE },
        failed(networkError()),
      );
      expect(transition(back.state, settled(HOUSE, networkError())).effects).toEqual([
        { type: 'closeSubmission', answered: false },
      ]);
    });

    describe('the next answer typed before the last was confirmed', () => {
      // The first answer is shown at once: the screen shows the next word, CAT.
      const typedAhead = () =>
        play(submitted(HOUSE, 'Haus'), sent(HOUSE, 'Haus', correct()), submitted(CAT, ' Katze '));

      it('waits, holding the field, and sends no third answer', () => {
        const { state, effects } = typedAhead();
        expect(effects).toEqual([]);
        expect(state.flow).toMatchObject({
          name: 'confirming',
          queued: { kind: 'answer', item: CAT, text: 'Katze' },
        });
        expect(isBusy(state)).toBe(true);
        const again = transition(state, submitted(CAT, 'Kater'));
        expect(again.state).toBe(state);
        expect(again.effects).toEqual([]);
      });

      it('goes once the last is confirmed, for the word the server shows', () => {
        const serverCat = { ...CAT, term: 'term 2 (server)' };
        const back = playFrom(typedAhead().state, returned(HOUSE, 'Haus', correct({ next: serverCat })));
        const done = transition(back.state, settled(serverCat));
        expect(done.effects).toEqual([
          { type: 'closeSubmission', answered: true },
          { type: 'sendAnswer', item: serverCat, text: 'Katze' },
        ]);
        expect(done.state.flow).toEqual({ name: 'idle' });
        expect(isBusy(done.state)).toBe(false);
      });

      it('is dropped when the server graded the last otherwise (its check screen is shown)', () => {
        const back = playFrom(typedAhead().state, returned(HOUSE, 'Haus', wrong()));
        expect(transition(back.state, settled(null)).effects).toEqual([
          { type: 'closeSubmission', answered: true },
        ]);
      });

      it('is dropped when the reloaded test stands elsewhere than the word it was typed for', () => {
        const server = correct({ needAnswers: 1, wordResult: null, next: word(1, ['Haus']) });
        const back = playFrom(typedAhead().state, returned(HOUSE, 'Haus', server));
        expect(transition(back.state, settled(word(1, ['Haus']))).effects).toEqual([
          { type: 'closeSubmission', answered: true },
        ]);
      });

      it('is dropped when the last failed', () => {
        const back = playFrom(typedAhead().state, failed(serverError()));
        expect(back.state.flow).toMatchObject({ shownAfter: null });
        expect(transition(back.state, settled(CAT, serverError())).effects).toEqual([
          { type: 'closeSubmission', answered: true },
        ]);
      });

      it('gives way to a Skip pressed after it, the field held until the last is back', () => {
        const skipped = playFrom(typedAhead().state, { type: 'skipRequested', item: CAT });
        expect(skipped.state.flow).toMatchObject({
          queued: { kind: 'skip', item: CAT },
          answerWaiting: true,
        });
        expect(isBusy(skipped.state)).toBe(true);
        const back = playFrom(skipped.state, returned(HOUSE, 'Haus', correct()));
        expect(transition(back.state, settled(CAT)).effects).toEqual([
          { type: 'closeSubmission', answered: true },
          { type: 'sendSkip', item: CAT },
        ]);
      });
    });

    it('skips the next word shown at once when Skip is pressed before the server confirmed the answer', () => {
      const asked = play(submitted(HOUSE, 'Haus'), sent(HOUSE, 'Haus', correct()), {
        type: 'skipRequested',
        item: CAT,
      });
      // The field stays open: only a typed answer holds it.
      expect(isBusy(asked.state)).toBe(false);
      const back = transition(asked.state, returned(HOUSE, 'Haus', correct()));
      const done = transition(back.state, settled(CAT));
      expect(done.effects).toEqual([
        { type: 'closeSubmission', answered: true },
        { type: 'sendSkip', item: CAT },
      ]);
      expect(transition(done.state, skipSent(CAT)).state.flow).toMatchObject({ name: 'skipping', item: CAT });
    });

    it('drops a Skip asked for the word shown at once when the server moved the test elsewhere', () => {
      const elsewhere = word(3);
      const asked = play(
        submitted(HOUSE, 'Haus'),
        sent(HOUSE, 'Haus', correct()),
        { type: 'skipRequested', item: CAT },
        returned(HOUSE, 'Haus', correct({ next: elsewhere })),
      );
      expect(asked.effects).toMatchObject([{ type: 'reloadTest' }, { type: 'showCorrect' }]);
      expect(transition(asked.state, settled(elsewhere)).effects).toEqual([
        { type: 'closeSubmission', answered: true },
      ]);
    });
  });

  describe('the feedback line', () => {
    it('gives each line its own key, so the same message is shown and announced again', () => {
      const first = play(shownLine('Correct')).state.feedback;
      const second = play(shownLine('Correct'), shownLine('Correct')).state.feedback;
      expect(first).toEqual({ tone: 'correct', message: 'Correct', key: 1 });
      expect(second?.key).toBe(2);
    });
  });

  describe('how long a submission took', () => {
    it('measures a new submission, in whole milliseconds', () => {
      expect(timeSubmission(null, FIRST_ATTEMPT, 1234.6)).toEqual({
        attemptId: FIRST_ATTEMPT,
        durationMs: 1235,
      });
    });

    it('keeps the time of the first send for a resend of the same submission', () => {
      const first = timeSubmission(null, FIRST_ATTEMPT, 1000);
      expect(timeSubmission(first, FIRST_ATTEMPT, 9000)).toEqual({
        attemptId: FIRST_ATTEMPT,
        durationMs: 1000,
      });
      expect(timeSubmission(first, SECOND_ATTEMPT, 9000).durationMs).toBe(9000);
    });

    it('bounds it as the contract does', () => {
      expect(timeSubmission(null, FIRST_ATTEMPT, -5).durationMs).toBe(0);
      expect(timeSubmission(null, FIRST_ATTEMPT, MAX_ANSWER_DURATION_MS * 2).durationMs).toBe(
        MAX_ANSWER_DURATION_MS,
      );
    });
  });
});
