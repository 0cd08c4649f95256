import {
  MAX_ANSWER_DURATION_MS,
  type AnswerBody,
  type AnswerResult,
  type AnswerTarget,
  type SkipResult,
  type TestItem,
} from '@wordhoard/shared';
import { ApiError } from '../../../shared/http';
import { sameOutcome, sameProgress } from './localTest';
import type { CheckState, SkipState } from './navigationState';
import { wordMeta } from './wordView';

/**
 * The test runner as a state machine (issue 45): answering or skipping the current word once,
 * one submission at a time (decision 0018), what was asked while an answer was on its way, the
 * feedback line and the missing-answer error. `transition` is pure: it gives the next state and
 * the effects to run, as data; `useTestRunner` runs them (the requests, the screen, the focus).
 */

export interface Feedback {
  /** `info`: nothing was counted (a definition entered before, or the test had moved on). */
  tone: 'correct' | 'info';
  message: string;
  /** Tells two equal messages apart, so each is shown and announced. */
  key: number;
  /**
   * The example sentences of the word just answered right, in the term's language (decision
   * 0060), and the item they belong to: they are shown only while that item is on screen.
   */
  examples?: { sentences: string[]; lang: string | undefined; position: number; wordId: string };
}

/**
 * A skip, or the next word's answer, asked for while an answer is on its way (Enter, then Skip
 * at once; or the next answer typed before the server confirmed the last): it runs once that
 * answer is settled if its word is still the one shown, and is dropped if the answer took the
 * screen elsewhere (the check screen of a wrong answer).
 */
export type Queued = { kind: 'skip'; item: TestItem } | { kind: 'answer'; item: TestItem; text: string };

/**
 * The word on screen once an answer's outcome is shown, which a queued request must still find:
 * that word (null: none, the screen moved elsewhere or the test is over), or `cached`, the word
 * the test's cache holds when the answer is settled.
 */
export type ShownAfter = TestItem | 'cached' | null;

export type RunnerFlow =
  /** Nothing on its way: an answer or a skip goes at once. */
  | { name: 'idle' }
  /**
   * An answer on its way with nothing shown: the screen waits for the server's grade. A second
   * Enter is not sent; a Skip is queued.
   */
  | { name: 'sending'; attemptId: string; item: TestItem; queued: Queued | null; shownAfter: ShownAfter }
  /**
   * A correct answer graded on the device and shown at once (`shown`, issue 23), which the
   * server has not confirmed yet: the field stays open, and the next answer typed is queued.
   */
  | {
      name: 'confirming';
      attemptId: string;
      item: TestItem;
      shown: AnswerResult;
      queued: Queued | null;
      /**
       * An answer typed meanwhile holds the field (read-only) until this one is settled, even if
       * a Skip pressed after it replaced it in the queue.
       */
      answerWaiting: boolean;
      shownAfter: ShownAfter;
    }
  /** A skip on its way: nothing else is sent until it is settled. */
  | { name: 'skipping'; attemptId: string; item: TestItem };

export interface RunnerState {
  flow: RunnerFlow;
  feedback: Feedback | null;
  /** Enter was pressed on an empty field; typing takes the error away. */
  missingAnswer: boolean;
  /** How many feedback lines were shown, so each has its own key. */
  feedbackCount: number;
}

export const initialRunnerState: RunnerState = {
  flow: { name: 'idle' },
  feedback: null,
  missingAnswer: false,
  feedbackCount: 0,
};

export type RunnerEvent =
  /** Enter (or Check) with what the field holds, for the word shown. */
  | { type: 'answerSubmitted'; item: TestItem; text: string }
  /** Something was typed into the answer field. */
  | { type: 'answerTyped' }
  /** The answer went out as `body`, with the device's grade of it (null: unknown). */
  | { type: 'answerSent'; body: AnswerBody; item: TestItem; predicted: AnswerResult | null }
  /** The server's result for the answer `body`. */
  | { type: 'answerReturned'; body: AnswerBody; result: AnswerResult }
  | { type: 'answerFailed'; attemptId: string; error: Error }
  /**
   * The answer's submission is over (after its result or failure was shown); `cached` is the
   * word the test's cache holds now.
   */
  | { type: 'answerSettled'; attemptId: string; error: Error | null; cached: TestItem | null }
  | { type: 'skipRequested'; item: TestItem }
  | { type: 'skipSent'; body: AnswerTarget; item: TestItem }
  | { type: 'skipReturned'; attemptId: string; result: SkipResult }
  | { type: 'skipFailed'; attemptId: string; error: Error }
  | { type: 'skipSettled'; attemptId: string; error: Error | null }
  | { type: 'feedbackShown'; feedback: Omit<Feedback, 'key'> };

export type RunnerEffect =
  | { type: 'focusField' }
  /** Start a submission of `text` for `item`, grade it on the device, then `answerSent`. */
  | { type: 'sendAnswer'; item: TestItem; text: string }
  | { type: 'postAnswer'; body: AnswerBody }
  /** Start a submission skipping `item`, then `skipSent`. */
  | { type: 'sendSkip'; item: TestItem }
  | { type: 'postSkip'; body: AnswerTarget }
  /**
   * Empty the field (what is typed from now on is for the word shown next), show the word's
   * progress or the next word as `result` has it, the feedback line, and take the focus back.
   */
  | { type: 'showCorrect'; result: AnswerResult; item: TestItem }
  /** The server confirmed what was shown: its own copy of the word on screen replaces the device's. */
  | { type: 'showServerCopy'; next: TestItem }
  /** The server graded otherwise than the device: load where the test is now, else show `fallback`. */
  | { type: 'reloadTest'; fallback: TestItem }
  /** The test is elsewhere (another tab, a repeat): load and show where it is now. */
  | { type: 'showMovedOn' }
  | { type: 'showAlreadyEntered'; answer: string }
  /** To the check screen; `testMovedOn`: an almost-right answer was accepted, the cached word is stale. */
  | { type: 'showCheck'; state: CheckState; testMovedOn: boolean }
  | { type: 'showSkipped'; state: SkipState }
  /** Report an unexpected failure and reload the test (it may have been replaced on another device). */
  | { type: 'reportFailure'; error: Error }
  /**
   * The submission is over. `answered`: the server replied (a result or a refusal), the next one
   * is a new attempt; otherwise its fate is unknown and sending the same again resends it as it was.
   */
  | { type: 'closeSubmission'; answered: boolean };

export interface Transition {
  state: RunnerState;
  effects: RunnerEffect[];
}

const stay = (state: RunnerState): Transition => ({ state, effects: [] });
const withFlow = (state: RunnerState, flow: RunnerFlow): RunnerState => ({ ...state, flow });

/**
 * The result the screen shows at once, before the server confirms it: only a correct answer
 * (not an almost-right one) with the word to show next. A wrong or almost-right one waits for
 * the server, whose check screen tells more (confusions, the accepted answers).
 */
export function shownAtOnce(predicted: AnswerResult | null): AnswerResult | null {
  return predicted?.status === 'applied' &&
    predicted.result === 'correct' &&
    !predicted.almost &&
    predicted.next
    ? predicted
    : null;
}

/** The field is read-only: an answer waits for the server with nothing shown, or a request waits its turn. */
export function isBusy({ flow }: RunnerState): boolean {
  return (
    flow.name === 'sending' || flow.name === 'skipping' || (flow.name === 'confirming' && flow.answerWaiting)
  );
}

/** A failure that says the word is no longer the test's current one (another tab, a repeat). */
const movedOn = (error: Error) => error instanceof ApiError && error.code === 'WORD_NOT_CURRENT';

/** A submission with no reply at all (the network failed) may be sent again as it was. */
const answeredByServer = (error: Error | null) => error === null || error instanceof ApiError;

const failureEffect = (error: Error): RunnerEffect =>
  movedOn(error) ? { type: 'showMovedOn' } : { type: 'reportFailure', error };

type AnswerFlow = Extract<RunnerFlow, { name: 'sending' | 'confirming' }>;
const answerInFlight = (flow: RunnerFlow, attemptId: string): flow is AnswerFlow =>
  (flow.name === 'sending' || flow.name === 'confirming') && flow.attemptId === attemptId;

/** What the server's result for an answer shows, and the word on screen after it. */
function outcomeOf(
  result: AnswerResult,
  item: TestItem,
  body: AnswerBody,
): { effect: RunnerEffect; shownAfter: ShownAfter } {
  if (result.status === 'wordFinished') return { effect: { type: 'showMovedOn' }, shownAfter: null };
  if (result.status === 'alreadyEntered')
    return { effect: { type: 'showAlreadyEntered', answer: result.answer }, shownAfter: 'cached' };
  if (result.result === 'wrong' || result.almost) {
    const state: CheckState = {
      wordId: item.wordId,
      position: item.position,
      term: item.term,
      result,
      attemptId: body.attemptId,
      typed: body.answer.trim(),
      ...wordMeta(item),
    };
    return { effect: { type: 'showCheck', state, testMovedOn: result.almost }, shownAfter: null };
  }
  return { effect: { type: 'showCorrect', result, item }, shownAfter: 'cached' };
}

/** The request asked for meanwhile, if the word it was asked for is still the one shown. */
function stillAsked(queued: Queued | null, shown: TestItem | null): RunnerEffect | null {
  if (!queued || !shown) return null;
  if (queued.kind === 'skip')
    return queued.item.position === shown.position && queued.item.wordId === shown.wordId
      ? { type: 'sendSkip', item: shown }
      : null;
  return sameProgress(queued.item, shown) ? { type: 'sendAnswer', item: shown, text: queued.text } : null;
}

export function transition(state: RunnerState, event: RunnerEvent): Transition {
  const { flow } = state;
  switch (event.type) {
    case 'answerSubmitted': {
      // While an answer waits for the server with nothing shown, or a request is queued or a
      // skip is on its way, Enter sends nothing.
      if (flow.name === 'sending' || flow.name === 'skipping' || (flow.name === 'confirming' && flow.queued))
        return stay(state);
      const text = event.text.trim();
      if (text === '') return { state: { ...state, missingAnswer: true }, effects: [{ type: 'focusField' }] };
      const answered = { ...state, missingAnswer: false };
      // The last answer is shown but not yet confirmed: this one goes once it is.
      if (flow.name === 'confirming')
        return stay(
          withFlow(answered, {
            ...flow,
            queued: { kind: 'answer', item: event.item, text },
            answerWaiting: true,
          }),
        );
      return { state: answered, effects: [{ type: 'sendAnswer', item: event.item, text }] };
    }
    case 'answerTyped':
      return stay(state.missingAnswer ? { ...state, missingAnswer: false } : state);
    case 'answerSent': {
      // Follows `sendAnswer` at once, in idle: its submission has started.
      const shown = shownAtOnce(event.predicted);
      const common = { attemptId: event.body.attemptId, item: event.item, queued: null, shownAfter: null };
      const post: RunnerEffect = { type: 'postAnswer', body: event.body };
      if (!shown) return { state: withFlow(state, { name: 'sending', ...common }), effects: [post] };
      return {
        state: withFlow(state, { name: 'confirming', ...common, shown, answerWaiting: false }),
        effects: [post, { type: 'showCorrect', result: shown, item: event.item }],
      };
    }
    case 'answerReturned': {
      // One answer is on its way at a time: a reply for any other changes nothing.
      if (!answerInFlight(flow, event.body.attemptId)) return stay(state);
      const { result } = event;
      if (flow.name === 'confirming' && sameOutcome(flow.shown, result)) {
        // As shown: the server's own copy of the word now on screen replaces the device's.
        const next = result.next ?? null;
        return {
          state: withFlow(state, { ...flow, shownAfter: next }),
          effects: next ? [{ type: 'showServerCopy', next }] : [],
        };
      }
      const { effect, shownAfter } = outcomeOf(result, flow.item, event.body);
      return {
        state: withFlow(state, { ...flow, shownAfter }),
        // The server graded otherwise (another tab answered meanwhile, say): its result stands,
        // shown over where the test is now on the server, as without a guess.
        effects:
          flow.name === 'confirming' ? [{ type: 'reloadTest', fallback: flow.item }, effect] : [effect],
      };
    }
    case 'answerFailed': {
      if (!answerInFlight(flow, event.attemptId)) return { state, effects: [failureEffect(event.error)] };
      return {
        // A result shown at once that the server never confirmed is taken back.
        state: {
          ...state,
          flow: { ...flow, shownAfter: null },
          feedback: flow.name === 'confirming' ? null : state.feedback,
        },
        effects: [failureEffect(event.error)],
      };
    }
    case 'answerSettled': {
      const close: RunnerEffect = { type: 'closeSubmission', answered: answeredByServer(event.error) };
      if (!answerInFlight(flow, event.attemptId)) return { state, effects: [close] };
      const shown = flow.shownAfter === 'cached' ? event.cached : flow.shownAfter;
      const next = stillAsked(flow.queued, shown);
      return { state: withFlow(state, { name: 'idle' }), effects: next ? [close, next] : [close] };
    }
    case 'skipRequested':
      if (flow.name === 'skipping') return stay(state);
      if (flow.name === 'idle') return { state, effects: [{ type: 'sendSkip', item: event.item }] };
      return stay(withFlow(state, { ...flow, queued: { kind: 'skip', item: event.item } }));
    case 'skipSent':
      return {
        state: withFlow(state, { name: 'skipping', attemptId: event.body.attemptId, item: event.item }),
        effects: [{ type: 'postSkip', body: event.body }],
      };
    case 'skipReturned': {
      if (flow.name !== 'skipping' || flow.attemptId !== event.attemptId) return stay(state);
      const { result } = event;
      if (result.status === 'wordFinished') return { state, effects: [{ type: 'showMovedOn' }] };
      const skipped: SkipState = {
        wordId: flow.item.wordId,
        term: flow.item.term,
        answers: result.answer,
        ...(result.examples?.length ? { examples: result.examples } : {}),
        ...wordMeta(flow.item),
      };
      return { state, effects: [{ type: 'showSkipped', state: skipped }] };
    }
    case 'skipFailed':
      return { state, effects: [failureEffect(event.error)] };
    case 'skipSettled': {
      const close: RunnerEffect = { type: 'closeSubmission', answered: answeredByServer(event.error) };
      if (flow.name !== 'skipping' || flow.attemptId !== event.attemptId) return { state, effects: [close] };
      return { state: withFlow(state, { name: 'idle' }), effects: [close] };
    }
    case 'feedbackShown': {
      const key = state.feedbackCount + 1;
      return stay({ ...state, feedback: { ...event.feedback, key }, feedbackCount: key });
    }
  }
}

/** A resend is the same submission: it carries the time of the first send, unchanged. */
export interface TimedSubmission {
  attemptId: string;
  durationMs: number;
}

/** How long the submission `attemptId` took (`elapsedMs` since the word was shown), for the review log. */
export function timeSubmission(
  last: TimedSubmission | null,
  attemptId: string,
  elapsedMs: number,
): TimedSubmission {
  if (last?.attemptId === attemptId) return last;
  return { attemptId, durationMs: Math.min(Math.max(0, Math.round(elapsedMs)), MAX_ANSWER_DURATION_MS) };
}
