import { useTranslation } from 'react-i18next';
import { useUser } from '../../shared/session';
import { policyRedirectTarget } from './policyPaths';

/** Where a policy path without a (valid) language leads for the current reader. */
export function usePolicyTarget(): (basePath: string) => string {
  const user = useUser();
  const { i18n } = useTranslation();
  return (basePath) => policyRedirectTarget(basePath, user?.interfaceLanguage, i18n.language);
}
