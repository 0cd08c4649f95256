import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TesterOptions } from '@wordhoard/shared';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/http';
import { PATHS } from '../../../shared/routing';
import { useUser } from '../../../shared/session';
import { testingKeys, useTestingCalls, type TestingState } from '../api/testingApi';
import { saveActiveTest, type ActiveTest } from './activeTest';
import { useReportUnexpected } from './useReportUnexpected';

/** The refusals of POST /tester that the screen explains itself instead of the error modal. */
export type StartProblem = 'MAX_TESTS' | 'EMPTY_TEST';

const isStartProblem = (code: string | null): code is StartProblem =>
  code === 'MAX_TESTS' || code === 'EMPTY_TEST';

export interface StartTestInput {
  options: TesterOptions;
  languages: Pick<ActiveTest, 'promptLanguage' | 'answerLanguage'>;
}

/**
 * Starts a test (POST /tester), then resets the test state (SPEC §4) and opens the runner.
 * "No attempts left" and "no words match" come back as `problem`, for the screen to show.
 */
export function useStartTest() {
  const calls = useTestingCalls();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userId = useUser()?.id;
  const reportUnexpected = useReportUnexpected();

  const mutation = useMutation({
    mutationFn: ({ options }: StartTestInput) => calls.createTester(options),
    onSuccess: (_created, { options, languages }) => {
      if (userId !== undefined) saveActiveTest({ userId, options, ...languages });
      queryClient.removeQueries({ queryKey: testingKeys.state });
      void navigate(PATHS.testing);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'MAX_TESTS') {
        // The counter on screen was out of date (another tab or device used the attempts).
        queryClient.setQueryData<TestingState>(
          testingKeys.state,
          (state) => state && { ...state, testsLeft: 0 },
        );
      }
      if (!(error instanceof ApiError && isStartProblem(error.code))) reportUnexpected(error);
    },
  });

  const { error } = mutation;
  const problem: StartProblem | null =
    error instanceof ApiError && isStartProblem(error.code) ? error.code : null;
  return { start: mutation.mutate, isPending: mutation.isPending, problem };
}
