import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf, TesterOptions } from '@wordhoard/shared';
import { useNavigate } from 'react-router';
import { testingKeys } from '../api/queries';
import { useCreateTester } from '../api/tester';
import { useReportUnexpected } from '../hooks/useReportUnexpected';
import { ApiError } from '../http';
import { PATHS } from '../routing';
import { useServices } from '../services';
import { useUser } from '../session';
import { saveActiveTest, type ActiveTest } from './activeTest';

/** The refusals of POST /tester that the screen explains itself instead of the error modal. */
export type StartProblem = 'MAX_TESTS' | 'EMPTY_TEST';

const isStartProblem = (code: string | null): code is StartProblem =>
  code === 'MAX_TESTS' || code === 'EMPTY_TEST';

export interface StartTestInput {
  options: TesterOptions;
  /** The test's languages, when it has one pair (a test of several dictionaries has none). */
  languages?: Pick<ActiveTest, 'promptLanguage' | 'answerLanguage'>;
}

/**
 * Starts a test (POST /tester), then resets the test state (SPEC §4) and opens the runner.
 * "No attempts left" and "no words match" come back as `problem`, for the screen to show.
 * The tester form, the report and the main menu start tests.
 */
export function useStartTest() {
  const createTester = useCreateTester();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userId = useUser()?.id;
  const reportUnexpected = useReportUnexpected();
  const { offline } = useServices();

  const mutation = useMutation({
    mutationFn: ({ options }: StartTestInput) => createTester(options),
    onSuccess: (_created, { options, languages }) => {
      if (userId !== undefined) {
        saveActiveTest({ userId, options, ...languages });
        // The device's copy of the old test is no use now (decision 0058).
        void offline.clearPack(userId).catch(() => undefined);
      }
      queryClient.removeQueries({ queryKey: testingKeys.state });
      void navigate(PATHS.testing);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'MAX_TESTS') {
        // The counter on screen was out of date (another tab or device used the attempts).
        queryClient.setQueryData<ResponseOf<'getTesting'>>(
          testingKeys.state,
          (state) =>
            state && { ...state, testsLeft: 0, testsResetAt: error.limit?.resetsAt ?? state.testsResetAt },
        );
      }
      if (!(error instanceof ApiError && isStartProblem(error.code))) reportUnexpected(error);
    },
  });

  const { error } = mutation;
  const problem: StartProblem | null =
    error instanceof ApiError && isStartProblem(error.code) ? error.code : null;
  /** With MAX_TESTS: when today's attempts come back. */
  const resetsAt = error instanceof ApiError ? (error.limit?.resetsAt ?? null) : null;
  return { start: mutation.mutate, isPending: mutation.isPending, problem, resetsAt };
}
