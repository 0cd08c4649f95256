import { CircleExclamationPoint } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useMessageTranslator } from '../../../shared/i18n';
import { PATHS } from '../../../shared/routing';
import { VISUALLY_HIDDEN } from '../../../shared/ui';
import fieldStyles from '../../../shared/ui/fields/fields.module.css';
import type { Consent } from '../lib/consentSchema';
import styles from './PolicyConsent.module.css';

/** A policy page, opened in a new tab so nothing typed or ticked here is lost. */
function PolicyLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={to} target="_blank" rel="noreferrer">
      {children}
      <span className={VISUALLY_HIDDEN}> {t('Consent.NewTab')}</span>
    </a>
  );
}

const POLICIES = [
  { field: 'terms', i18nKey: 'Consent.Terms', path: PATHS.termsOfUse },
  { field: 'privacy', i18nKey: 'Consent.Privacy', path: PATHS.privacyPolicy },
  { field: 'cookie', i18nKey: 'Consent.Cookie', path: PATHS.cookiePolicy },
] as const;

interface PolicyConsentProps {
  register: UseFormRegister<Consent>;
  errors: FieldErrors<Consent>;
}

/**
 * One checkbox per policy (terms of use, privacy, cookies), each linking to its page. Any box
 * left unticked on submit shows one hint for the group: 'All policies should be accepted'.
 */
export function PolicyConsent({ register, errors }: PolicyConsentProps) {
  const { t } = useTranslation();
  const translate = useMessageTranslator();
  const id = useId();
  const errorId = `${id}-error`;
  const error = errors.terms?.message ?? errors.privacy?.message ?? errors.cookie?.message;

  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={fieldStyles.label}>{t('Consent.Legend')}</legend>
      {POLICIES.map(({ field, i18nKey, path }) => (
        <div key={field} className={fieldStyles.checkboxRow}>
          <input
            {...register(field)}
            id={`${id}-${field}`}
            type="checkbox"
            className={fieldStyles.checkbox}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? errorId : undefined}
          />
          <label htmlFor={`${id}-${field}`}>
            <Trans i18nKey={i18nKey} components={{ page: <PolicyLink to={path} /> }} />
          </label>
        </div>
      ))}
      {error && (
        <p id={errorId} className={fieldStyles.error}>
          <CircleExclamationPoint aria-hidden="true" />
          <span>{translate(error)}</span>
        </p>
      )}
    </fieldset>
  );
}
