import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the screen, e.g. "Dictionaries · Wordhoard". */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('Common.AppName');
  useEffect(() => {
    document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [title, appName]);
}
