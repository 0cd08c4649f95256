import { useMemo } from 'react';
import { useUser } from '../../../shared/session';
import type { ActiveTest } from '../../../shared/testing/activeTest';
import { readActiveTest } from '../../../shared/testing/readActiveTest';

/** The options and languages of the test this tab started, or null when unknown. */
export function useActiveTest(): ActiveTest | null {
  const userId = useUser()?.id;
  return useMemo(() => readActiveTest(userId), [userId]);
}
