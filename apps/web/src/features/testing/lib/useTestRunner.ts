import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerBody, AnswerResult, AnswerTarget, TestItem, TestState } from '@wordhoard/shared';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../shared/routing';
import { testingKeys, useRefreshTestingState, useShowNextWord, useTestingCalls } from '../api/testingApi';
import type { CheckState, SkipState } from './navigationState';
import { useSubmissions } from './submissions';
import {
  initialRunnerState,
  isBusy,
  timeSubmission,
  transition,
  type RunnerEffect,
  type RunnerEvent,
  type TimedSubmission,
} from './testRunnerMachine';
import { useActiveTest } from './useActiveTest';
import { exampleLanguage, wordView } from './wordView';
import { useReportUnexpected } from '../../../shared/hooks/useReportUnexpected';

export type { Feedback } from './testRunnerMachine';

const DONE = Promise.resolve();

/**
 * The test runner's screen side: the machine (`testRunnerMachine.ts`) decides what answering
 * or skipping the current word does; this hook sends its requests, shows its outcomes, and
 * keeps the answer field (its focus, and how long an answer took).
 */
export function useTestRunner(test: TestItem) {
  const { t } = useTranslation();
  const calls = useTestingCalls();
  const refreshState = useRefreshTestingState();
  const showNextWord = useShowNextWord();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const activeTest = useActiveTest();
  // The word's own direction and languages (a test may mix them), else the test's.
  const view = wordView(test, activeTest);
  const inputRef = useRef<HTMLInputElement>(null);
  // The answer field is uncontrolled: a keystroke re-renders nothing, so the typed character is
  // painted in the frame of its key event even on a slow phone (bench/keystroke.ts).
  const readAnswer = () => inputRef.current?.value ?? '';
  const clearAnswer = () => {
    if (inputRef.current) inputRef.current.value = '';
  };
  const ids = { input: useId(), prompt: useId(), need: useId(), error: useId() };
  const submissions = useSubmissions();
  const reportUnexpected = useReportUnexpected();

  // The machine's state lives in a ref, mirrored into React state for the render: two Enters,
  // and the mutations' callbacks, come before React renders again, and each must see the state
  // the one before left (useReducer would hand it over only at the next render).
  const machine = useRef(initialRunnerState);
  const [state, setState] = useState(initialRunnerState);

  /** Moves the machine on, then runs the effects it asks for, in order. */
  function dispatch(event: RunnerEvent): Promise<void> {
    const { state: next, effects } = transition(machine.current, event);
    if (next !== machine.current) {
      machine.current = next;
      setState(next);
    }
    return effects.length > 0 ? perform(effects) : DONE;
  }

  async function perform(effects: readonly RunnerEffect[]) {
    for (const effect of effects) {
      // An effect done at once lets the next one run at once too: nothing can come between them.
      const running = run(effect);
      if (running) await running;
    }
  }

  // The answer field takes the focus when the screen opens and whenever a new word comes up.
  useEffect(() => {
    inputRef.current?.focus();
  }, [test.wordId]);

  // How long an answer took, for the review log: from the word, or its latest progress, shown.
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = performance.now();
  }, [test.wordId, test.doneDefinitions.length]);
  const timed = useRef<TimedSubmission | null>(null);
  const durationOf = (attemptId: string) => {
    timed.current = timeSubmission(timed.current, attemptId, performance.now() - shownAt.current);
    return timed.current.durationMs;
  };

  /** The word the test cache shows now (what this screen renders). */
  const cachedItem = () => queryClient.getQueryData<TestState>(testingKeys.state)?.test ?? null;

  const answerMutation = useMutation({
    // Offline, the answer is graded on the device and queued (decision 0058): never paused.
    networkMode: 'always',
    mutationFn: (body: AnswerBody) => calls.answer(body),
    onSuccess: (result: AnswerResult, body: AnswerBody) => dispatch({ type: 'answerReturned', body, result }),
    onError: (error: Error, body: AnswerBody) =>
      dispatch({ type: 'answerFailed', attemptId: body.attemptId, error }),
    onSettled: (_data, error: Error | null, body: AnswerBody) =>
      dispatch({ type: 'answerSettled', attemptId: body.attemptId, error, cached: cachedItem() }),
  });

  const skipMutation = useMutation({
    networkMode: 'always',
    mutationFn: (body: AnswerTarget) => calls.skip(body),
    onSuccess: (result, body: AnswerTarget) =>
      dispatch({ type: 'skipReturned', attemptId: body.attemptId, result }),
    onError: (error: Error, body: AnswerTarget) =>
      dispatch({ type: 'skipFailed', attemptId: body.attemptId, error }),
    onSettled: (_data, error: Error | null, body: AnswerTarget) =>
      dispatch({ type: 'skipSettled', attemptId: body.attemptId, error }),
  });

  /** Runs `effect`; what it returns, if anything, is its work still under way. */
  function run(effect: RunnerEffect): Promise<unknown> | undefined {
    switch (effect.type) {
      case 'focusField':
        inputRef.current?.focus();
        return undefined;
      case 'sendAnswer':
        sendAnswer(effect.item, effect.text);
        return undefined;
      case 'postAnswer':
        answerMutation.mutate(effect.body);
        return undefined;
      case 'sendSkip':
        sendSkip(effect.item);
        return undefined;
      case 'postSkip':
        skipMutation.mutate(effect.body);
        return undefined;
      case 'showCorrect':
        // The field is emptied first: what is typed while the next word loads is for that word.
        clearAnswer();
        return showCorrect(effect.result, effect.item);
      case 'showServerCopy':
        return showNextWord(effect.next);
      case 'reloadTest':
        return refreshState().catch(() => showNextWord(effect.fallback));
      case 'showMovedOn':
        return showMovedOn();
      case 'showAlreadyEntered':
        clearAnswer();
        void dispatch({
          type: 'feedbackShown',
          feedback: { tone: 'info', message: t('Testing.Run.AlreadyEntered', { answer: effect.answer }) },
        });
        inputRef.current?.focus();
        return undefined;
      case 'showCheck':
        if (effect.testMovedOn) queryClient.removeQueries({ queryKey: testingKeys.state });
        return goTo(PATHS.testingCheck, effect.state);
      case 'showSkipped':
        // The test has moved on; the next screen loads the new state instead of showing this one.
        queryClient.removeQueries({ queryKey: testingKeys.state });
        return goTo(PATHS.testingSkip, effect.state);
      case 'reportFailure':
        reportUnexpected(effect.error);
        // e.g. the test was replaced on another device: show what the server has now.
        return queryClient.invalidateQueries({ queryKey: testingKeys.state });
      case 'closeSubmission':
        if (effect.answered) submissions.answered();
        else submissions.unanswered();
        return undefined;
    }
  }

  async function goTo(path: string, state: CheckState | SkipState) {
    await navigate(path, { state });
  }

  /**
   * Sends `text` as the answer to `item`, graded at once on the device by the shared grader from
   * its copy of the test (issue 23: feedback within 100 ms on a slow phone); the server's grade
   * stands. Each submission carries its attemptId (decision 0018).
   */
  function sendAnswer(item: TestItem, text: string) {
    const target = { position: item.position, wordId: item.wordId };
    const attemptId = submissions.start(`answer:${target.position}:${target.wordId}:${text}`);
    if (attemptId === null) return;
    const body: AnswerBody = { ...target, attemptId, answer: text, durationMs: durationOf(attemptId) };
    void dispatch({ type: 'answerSent', body, item, predicted: calls.predictAnswer(body, item) });
  }

  function sendSkip(item: TestItem) {
    const attemptId = submissions.start(`skip:${item.position}:${item.wordId}`);
    if (attemptId === null) return;
    const body: AnswerTarget = {
      position: item.position,
      wordId: item.wordId,
      attemptId,
      durationMs: durationOf(attemptId),
    };
    void dispatch({ type: 'skipSent', body, item });
  }

  /** An answer or a skip found the test elsewhere (another tab, a repeat): show where it is now. */
  async function showMovedOn() {
    await refreshState().catch(() => undefined);
    clearAnswer();
    void dispatch({ type: 'feedbackShown', feedback: { tone: 'info', message: t('Testing.Run.MovedOn') } });
    inputRef.current?.focus();
  }

  /**
   * A correct answer: the word's progress, or the next word, as the result has it (decision
   * 0045); once the test is finished, or if the result did not say, it is loaded (SPEC §4:
   * refetch).
   */
  async function showCorrect(result: AnswerResult, answered: TestItem) {
    const focusedBefore = document.activeElement;
    if (!(result.next && (await showNextWord(result.next)))) await refreshState().catch(() => undefined);
    const lang = exampleLanguage(wordView(answered, activeTest));
    void dispatch({
      type: 'feedbackShown',
      feedback: {
        tone: 'correct',
        message:
          result.needAnswers > 0
            ? t('Testing.Run.CorrectMore', { count: result.needAnswers })
            : t('Testing.Run.CorrectNext'),
        ...(result.examples?.length
          ? {
              examples: {
                sentences: result.examples,
                lang,
                position: answered.position,
                wordId: answered.wordId,
              },
            }
          : {}),
      },
    });
    // Back to the field (after a click on Check, say), unless the learner has moved on by
    // keyboard meanwhile, e.g. tabbed to Skip on the next word.
    if (document.activeElement === focusedBefore || document.activeElement === document.body)
      inputRef.current?.focus();
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void dispatch({ type: 'answerSubmitted', item: test, text: readAnswer() });
  }

  function skip() {
    void dispatch({ type: 'skipRequested', item: test });
  }

  /** Typing takes the missing-answer error away (and re-renders nothing otherwise). */
  function answerTyped() {
    void dispatch({ type: 'answerTyped' });
  }

  const describedBy = [ids.prompt, ids.need, state.missingAnswer ? ids.error : null]
    .filter(Boolean)
    .join(' ');

  return {
    answerMutation,
    answerTyped,
    busy: isBusy(state),
    describedBy,
    feedback: state.feedback,
    ids,
    inputRef,
    missingAnswer: state.missingAnswer,
    skip,
    skipMutation,
    submit,
    view,
  };
}
