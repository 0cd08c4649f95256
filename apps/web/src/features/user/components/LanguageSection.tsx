import { LANGUAGES, isLanguage, type Language, type User } from '@wordhoard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../../shared/i18n';
import { useServices } from '../../../shared/services';
import { Card, Select } from '../../../shared/ui';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { Notice } from '../../../shared/ui/Notice/Notice';
import styles from '../screens/UserEditPage.module.css';
import { LANGUAGE_NAMES } from './languageNames';
import { useUpdateMe } from '../../../shared/api/account';

const OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

/** The interface language: switched at once, then saved to the account (PATCH /users/me). */
export function LanguageSection({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const { session } = useServices();
  const updateMe = useUpdateMe();
  const handleError = useRequestErrorHandler();
  const [language, setLanguage] = useState<Language>(user.interfaceLanguage);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  async function choose(next: Language) {
    const previous = language;
    setLanguage(next);
    setSaved(false);
    setSaving(true);
    const switched = switchLanguage(i18n, next);
    try {
      const updated = await updateMe({ interfaceLanguage: next }, { silent: true });
      await switched;
      await session.setUser(updated);
      setSaved(true);
    } catch (error) {
      setLanguage(previous);
      // Straight to i18next: the switch above may still be loading, and a new change supersedes it.
      await i18n.changeLanguage(previous);
      handleError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card as="section" className={styles.section} aria-labelledby="user-language-title">
      <h2 id="user-language-title" className={styles.sectionTitle}>
        {t('User.LanguageTitle')}
      </h2>
      <Select
        label={t('User.LanguageLabel')}
        options={OPTIONS}
        value={language}
        disabled={saving}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next) && next !== language) void choose(next);
        }}
      />
      {saved && <Notice tone="success">{t('User.LanguageSaved')}</Notice>}
    </Card>
  );
}
