import type { PlanId } from '@wordhoard/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A plan's name in the interface language (the server's plan names are English). */
export function usePlanName(): (plan: { id: PlanId }) => string {
  const { t } = useTranslation();
  return useCallback(({ id }) => (id === 'premium' ? t('Plans.Name.premium') : t('Plans.Name.free')), [t]);
}
