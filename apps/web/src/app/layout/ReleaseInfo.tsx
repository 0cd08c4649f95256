import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_VERSION, DEFAULT_SOURCE_URL } from '@wordhoard/shared';
import { readRuntimeConfig } from '../../shared/config/runtimeConfig';

/**
 * The footer's version and "Source code" link (AGPL-3.0 §13: every user of the server is offered
 * its source). The version is the build's own (the root package.json, inlined by Vite), so a page
 * still cached by the service worker names the code it runs; the link is the server's SOURCE_URL,
 * read at run time from the page, since an operator sets it without rebuilding (decision 0082).
 */
export function ReleaseInfo({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  const { t } = useTranslation();
  const [sourceUrl] = useState(() => readRuntimeConfig().sourceUrl ?? DEFAULT_SOURCE_URL);
  return (
    <p className={className}>
      <span>{t('Footer.Version', { version: APP_VERSION })}</span>
      {' · '}
      <a href={sourceUrl} className={linkClassName} rel="noopener">
        {t('Footer.SourceCode')}
      </a>
    </p>
  );
}
