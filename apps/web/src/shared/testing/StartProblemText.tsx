import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage, testsResetText } from '../i18n';
import { PATHS, PLANS_ROLES } from '../routing';
import { useUser } from '../session';
import type { StartProblem } from './useStartTest';

interface StartProblemTextProps {
  problem: StartProblem;
  /** When today's attempts come back (the server's `resetsAt` / `testsResetAt`), if known. */
  resetsAt?: string | null;
}

/**
 * Why a test cannot start, in the same words on every screen that starts tests (SPEC §8). With
 * today's attempts used up it says when new ones come, in the learner's own time, and offers a
 * `user` the plans (SPEC §6).
 */
export function StartProblemText({ problem, resetsAt }: StartProblemTextProps) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  if (problem !== 'MAX_TESTS') return t(`apiErrors.${problem}`);
  const mayUpgrade = user !== null && (PLANS_ROLES as readonly string[]).includes(user.role);
  return (
    <>
      {t('apiErrors.MAX_TESTS')}.{resetsAt && <> {testsResetText(t, currentLanguage(i18n), resetsAt)}</>}
      {mayUpgrade && (
        <>
          {' '}
          <Link to={PATHS.plans}>{t('Limits.Upgrade')}</Link>
        </>
      )}
    </>
  );
}
