import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAX_ANSWER_DURATION_MS,
  type AnswerBody,
  type AnswerResult,
  type AnswerTarget,
  type TestItem,
  type TestState,
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
import { sameOutcome, sameProgress } from './localTest';
import { exampleLanguage, wordMeta, wordView } from './wordView';
import { useReportUnexpected } from '../../../shared/hooks/useReportUnexpected';

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
   * The answer on its way: the word it answers, and the result the screen showed at once from
   * the device's copy of the test (null: nothing, the screen waits for the server).
   */
  const sending = useRef<{ attemptId: string; item: TestItem; shown: AnswerResult | null } | null>(null);
  /** The word on this screen once the answer is back; null when the screen moved on. */
  const shownAfterAnswer = useRef<TestItem | null>(null);
  /**
   * A skip, or the next word's answer, asked for while an answer is on its way (Enter, then
   * Skip at once; or the next answer typed before the server confirmed the last): it runs once
   * that answer is back if its word is still the one shown, and is dropped if the answer took
   * the screen elsewhere (the check screen of a wrong answer). Before, the click was lost.
   */
  const askedMeanwhile = useRef<
    { kind: 'skip'; item: TestItem } | { kind: 'answer'; item: TestItem; text: string } | null
  >(null);
  /** The screen shows an answer's result before the server confirmed it (the field stays open). */
  const [confirming, setConfirming] = useState(false);
  /** An answer typed meanwhile waits for the one before (the field holds it, read-only). */
  const [answerWaiting, setAnswerWaiting] = useState(false);

  function startSkip(target: { position: number; wordId: string }) {
    const attemptId = submissions.start(`skip:${target.position}:${target.wordId}`);
    if (attemptId !== null)
      skipMutation.mutate({
        position: target.position,
        wordId: target.wordId,
        attemptId,
        durationMs: durationOf(attemptId),
      });
  }

  /** After the answer's submission is settled (one submission at a time). */
  function runAskedMeanwhile() {
    const asked = askedMeanwhile.current;
    const shown = shownAfterAnswer.current;
    askedMeanwhile.current = null;
    shownAfterAnswer.current = null;
    setAnswerWaiting(false);
    if (!asked || !shown) return;
    if (asked.kind === 'skip' && asked.item.position === shown.position && asked.item.wordId === shown.wordId)
      startSkip(shown);
    else if (asked.kind === 'answer' && sameProgress(asked.item, shown)) startAnswer(shown, asked.text);
  }

  /**
   * A correct answer: the word's progress, or the next word, as the result has it (decision
   * 0045); once the test is finished, or if the result did not say, it is loaded (SPEC §4:
   * refetch). What is typed after this is for the word it shows and must stay.
   */
  async function showCorrect(result: AnswerResult, answered: TestItem) {
    const focusedBefore = document.activeElement;
    if (!(result.next && (await showNextWord(result.next)))) await refreshState().catch(() => undefined);
    const lang = exampleLanguage(wordView(answered, activeTest));
    setFeedback({
      tone: 'correct',
      message:
        result.needAnswers > 0
          ? t('Testing.Run.CorrectMore', { count: result.needAnswers })
          : t('Testing.Run.CorrectNext'),
      key: Date.now(),
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
    });
    // Back to the field (after a click on Check, say), unless the learner has moved on by
    // keyboard meanwhile, e.g. tabbed to Skip on the next word.
    if (document.activeElement === focusedBefore || document.activeElement === document.body)
      inputRef.current?.focus();
  }

  /** The word the test cache shows now (what this screen renders). */
  const cachedItem = () => queryClient.getQueryData<TestState>(testingKeys.state)?.test ?? null;

  const answerMutation = useMutation({
    // Offline, the answer is graded on the device and queued (decision 0058): never paused.
    networkMode: 'always',
    mutationFn: (body: AnswerBody) => calls.answer(body),
    onSuccess: async (result: AnswerResult, body: AnswerBody) => {
      const answered = sending.current?.attemptId === body.attemptId ? sending.current : null;
      const item = answered?.item ?? test;
      if (answered?.shown) {
        if (sameOutcome(answered.shown, result)) {
          // As shown: the server's own copy of the word now on screen replaces the device's.
          if (result.next) await showNextWord(result.next);
          shownAfterAnswer.current = result.next ?? null;
          return;
        }
        // The server graded otherwise (another tab answered meanwhile, say): its result stands,
        // shown over where the test is now on the server, as without a guess.
        await refreshState().catch(() => showNextWord(item));
      }
      if (result.status === 'wordFinished') {
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
        shownAfterAnswer.current = cachedItem();
        return;
      }
      if (result.result === 'wrong' || result.almost) {
        // An almost-right answer was accepted: the word has moved on, the shown one is stale.
        if (result.almost) queryClient.removeQueries({ queryKey: testingKeys.state });
        const checkState: CheckState = {
          wordId: item.wordId,
          position: item.position,
          term: item.term,
          result,
          attemptId: body.attemptId,
          typed: body.answer.trim(),
          ...wordMeta(item),
        };
        await navigate(PATHS.testingCheck, { state: checkState });
        return;
      }
      // The field is emptied first: what is typed while the next word loads is for that word.
      clearAnswer();
      await showCorrect(result, item);
      shownAfterAnswer.current = cachedItem();
    },
    onError: async (error: Error, body: AnswerBody) => {
      // A result shown at once that the server never confirmed is taken back.
      if (sending.current?.attemptId === body.attemptId && sending.current.shown) setFeedback(null);
      await failed(error);
    },
    onSettled: (data: AnswerResult | undefined, error: Error | null) => {
      settled(data, error);
      sending.current = null;
      setConfirming(false);
      runAskedMeanwhile();
    },
  });

  const busy = (answerMutation.isPending && !confirming) || answerWaiting || skipMutation.isPending;

  /**
   * Sends `text` as the answer to `item`. A correct answer is shown at once, graded on the
   * device by the shared grader from its copy of the test (issue 23: feedback within 100 ms on
   * a slow phone), while the server, whose grade stands, confirms it; a wrong or almost-right
   * one waits for the server, whose check screen tells more (confusions, the accepted answers).
   */
  function startAnswer(item: TestItem, text: string) {
    const target = { position: item.position, wordId: item.wordId };
    const attemptId = submissions.start(`answer:${target.position}:${target.wordId}:${text}`);
    if (attemptId === null) return;
    const body: AnswerBody = { ...target, attemptId, answer: text, durationMs: durationOf(attemptId) };
    const predicted = calls.predictAnswer(body, item);
    const shown =
      predicted?.status === 'applied' && predicted.result === 'correct' && !predicted.almost && predicted.next
        ? predicted
        : null;
    sending.current = { attemptId, item, shown };
    answerMutation.mutate(body);
    if (shown) {
      setConfirming(true);
      clearAnswer();
      void showCorrect(shown, item);
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Refs, not the mutations' state: an answer may have settled since the last render. While
    // one waits for the server with nothing shown, a second Enter is not sent.
    const inFlight = sending.current;
    if (skipMutation.isPending || askedMeanwhile.current || (inFlight && !inFlight.shown)) return;
    const text = readAnswer().trim();
    if (text === '') {
      setMissingAnswer(true);
      inputRef.current?.focus();
      return;
    }
    setMissingAnswer(false);
    if (inFlight) {
      // The last answer is shown but not yet confirmed: this one goes once it is.
      askedMeanwhile.current = { kind: 'answer', item: test, text };
      setAnswerWaiting(true);
      return;
    }
    startAnswer(test, text);
  }

  function skip() {
    if (skipMutation.isPending) return;
    if (sending.current) askedMeanwhile.current = { kind: 'skip', item: test };
    else startSkip(test);
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
