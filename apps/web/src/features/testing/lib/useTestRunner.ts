import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAX_ANSWER_DURATION_MS,
  type AnswerBody,
  type AnswerResult,
  type AnswerTarget,
  type TestItem,
} from '@wordhoard/shared';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/http';
import { PATHS } from '../../../shared/routing';
import { testingKeys, useRefreshTestingState, useShowNextWord, useTestingCalls } from '../api/testingApi';
import type { CheckState, SkipState } from './navigationState';
import { useSubmissions } from './submissions';
import { useActiveTest } from './useActiveTest';
import { exampleLanguage, wordMeta, wordView } from './wordView';
import { useReportUnexpected } from '../../../shared/hooks/useReportUnexpected';

export interface Feedback {
  /** `info`: nothing was counted (a definition entered before, or the test had moved on). */
  tone: 'correct' | 'info';
  message: string;
  /** Tells two equal messages apart, so each is shown and announced. */
  key: number;
  /** The example sentences of the word just answered right, in the term's language (decision 0060). */
  examples?: { sentences: string[]; lang: string | undefined };
}

/**
 * The test runner's state: the typed answer, the feedback line, and answering or skipping the
 * current word once (each submission carries its attemptId, decision 0018).
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
  const [missingAnswer, setMissingAnswer] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const ids = { input: useId(), prompt: useId(), need: useId(), error: useId() };
  const submissions = useSubmissions();
  const reportUnexpected = useReportUnexpected();

  // The answer field takes the focus when the screen opens and whenever a new word comes up.
  useEffect(() => {
    inputRef.current?.focus();
  }, [test.wordId]);

  // How long an answer took, for the review log: from the word, or its latest progress, shown.
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = performance.now();
  }, [test.wordId, test.doneDefinitions.length]);
  // A resend is the same submission: it carries the time of the first send, unchanged.
  const timed = useRef<{ attemptId: string; durationMs: number } | null>(null);
  const durationOf = (attemptId: string) => {
    if (timed.current?.attemptId !== attemptId) {
      const elapsed = Math.round(performance.now() - shownAt.current);
      timed.current = { attemptId, durationMs: Math.min(Math.max(0, elapsed), MAX_ANSWER_DURATION_MS) };
    }
    return timed.current.durationMs;
  };

  /** An answer or a skip found the test elsewhere (another tab, a repeat): show where it is now. */
  async function showMovedOn() {
    await refreshState().catch(() => undefined);
    clearAnswer();
    setFeedback({ tone: 'info', message: t('Testing.Run.MovedOn'), key: Date.now() });
    inputRef.current?.focus();
  }

  async function failed(error: Error) {
    if (error instanceof ApiError && error.code === 'WORD_NOT_CURRENT') {
      await showMovedOn();
      return;
    }
    reportUnexpected(error);
    // e.g. the test was replaced on another device: show what the server has now.
    await queryClient.invalidateQueries({ queryKey: testingKeys.state });
  }

  /** A submission whose fate is unknown (no answer came back) may be sent again as it was. */
  const settled = (_data: unknown, error: Error | null) => {
    if (error && !(error instanceof ApiError)) submissions.unanswered();
    else submissions.answered();
  };

  const skipMutation = useMutation({
    networkMode: 'always',
    mutationFn: (body: AnswerTarget) => calls.skip(body),
    onSuccess: async ({ answer: answers, status, examples }) => {
      if (status === 'wordFinished') {
        await showMovedOn();
        return;
      }
      // The test has moved on; the next screen loads the new state instead of showing this one.
      queryClient.removeQueries({ queryKey: testingKeys.state });
      const skipState: SkipState = {
        wordId: test.wordId,
        term: test.term,
        answers,
        ...(examples?.length ? { examples } : {}),
        ...wordMeta(test),
      };
      await navigate(PATHS.testingSkip, { state: skipState });
    },
    onError: failed,
    onSettled: settled,
  });

  /**
   * A skip asked for while the answer is on its way (Enter, then Skip at once): it runs when the
   * answer is back if the same word is still shown, and is dropped if the answer moved the test
   * on (the learner never saw the next word). Before, the click was silently lost.
   */
  const skipAfterAnswer = useRef<{ position: number; wordId: string } | null>(null);
  function startSkip(target: { position: number; wordId: string }) {
    const attemptId = submissions.start(`skip:${target.position}:${target.wordId}`);
    if (attemptId !== null) skipMutation.mutate({ ...target, attemptId, durationMs: durationOf(attemptId) });
  }
  /** Whether the answer left the same word on screen: set when it is back, read once it settled. */
  const answeredWordStillShown = useRef(false);
  function noteWordStillShown(stillShown: boolean) {
    answeredWordStillShown.current = stillShown;
  }
  /** After the answer's submission is settled (one submission at a time). */
  function runSkipAskedMeanwhile() {
    const target = skipAfterAnswer.current;
    const stillShown = answeredWordStillShown.current;
    skipAfterAnswer.current = null;
    answeredWordStillShown.current = false;
    if (target && stillShown) startSkip(target);
  }

  const answerMutation = useMutation({
    // Offline, the answer is graded on the device and queued (decision 0058): never paused.
    networkMode: 'always',
    mutationFn: (body: AnswerBody) => calls.answer(body),
    onSuccess: async (result: AnswerResult, body: AnswerBody) => {
      if (result.status === 'wordFinished') {
        noteWordStillShown(false);
        await showMovedOn();
        return;
      }
      if (result.status === 'alreadyEntered') {
        clearAnswer();
        setFeedback({
          tone: 'info',
          message: t('Testing.Run.AlreadyEntered', { answer: result.answer }),
          key: Date.now(),
        });
        inputRef.current?.focus();
        noteWordStillShown(true);
        return;
      }
      if (result.result === 'wrong' || result.almost) {
        noteWordStillShown(false);
        // An almost-right answer was accepted: the word has moved on, the shown one is stale.
        if (result.almost) queryClient.removeQueries({ queryKey: testingKeys.state });
        const checkState: CheckState = {
          wordId: test.wordId,
          position: test.position,
          term: test.term,
          result,
          attemptId: body.attemptId,
          ...wordMeta(test),
        };
        await navigate(PATHS.testingCheck, { state: checkState });
        return;
      }
      // Correct: stay and show the word's progress, or the next word, as the answer returned it
      // (decision 0045); once the test is finished, or if the answer did not say, load it
      // (SPEC §4: refetch). The field is emptied first: what is typed while the next word loads
      // is for that word and must stay.
      clearAnswer();
      const focusedBefore = document.activeElement;
      if (!(result.next && (await showNextWord(result.next)))) await refreshState().catch(() => undefined);
      setFeedback({
        tone: 'correct',
        message:
          result.needAnswers > 0
            ? t('Testing.Run.CorrectMore', { count: result.needAnswers })
            : t('Testing.Run.CorrectNext'),
        key: Date.now(),
        ...(result.examples?.length
          ? { examples: { sentences: result.examples, lang: exampleLanguage(view) } }
          : {}),
      });
      // Back to the field (after a click on Check, say), unless the learner has moved on by
      // keyboard meanwhile, e.g. tabbed to Skip on the next word.
      if (document.activeElement === focusedBefore || document.activeElement === document.body)
        inputRef.current?.focus();
      noteWordStillShown(result.needAnswers > 0);
    },
    onError: async (error: Error) => {
      noteWordStillShown(false);
      await failed(error);
    },
    onSettled: (data: AnswerResult | undefined, error: Error | null) => {
      settled(data, error);
      runSkipAskedMeanwhile();
    },
  });

  const busy = answerMutation.isPending || skipMutation.isPending;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const text = readAnswer().trim();
    if (text === '') {
      setMissingAnswer(true);
      inputRef.current?.focus();
      return;
    }
    setMissingAnswer(false);
    const target = { position: test.position, wordId: test.wordId };
    const attemptId = submissions.start(`answer:${target.position}:${target.wordId}:${text}`);
    if (attemptId === null) return;
    answerMutation.mutate({ ...target, attemptId, answer: text, durationMs: durationOf(attemptId) });
  }

  function skip() {
    if (skipMutation.isPending) return;
    const target = { position: test.position, wordId: test.wordId };
    if (answerMutation.isPending) skipAfterAnswer.current = target;
    else startSkip(target);
  }

  const describedBy = [ids.prompt, ids.need, missingAnswer ? ids.error : null].filter(Boolean).join(' ');

  return {
    answerMutation,
    busy,
    describedBy,
    feedback,
    ids,
    inputRef,
    missingAnswer,
    setMissingAnswer,
    skip,
    skipMutation,
    submit,
    view,
  };
}
