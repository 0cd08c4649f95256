import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useIsMobile } from '../../shared/hooks/useMediaQuery';
import { LoadingIndicator } from '../../shared/ui';
import { useAppInitialization } from '../init/AppInitContext';
import { appUpdates } from '../pwa/appUpdates';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { OfflineSync } from '../offline/OfflineSync';
import { SyncNotice } from '../offline/SyncNotice';
import { ErrorModal } from './ErrorModal';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './RootLayout.module.css';
import { isFooterVisible } from './footerVisibility';

/** Header, global error modal, the routed screen and the footer (SPEC §2). */
export function RootLayout() {
  const { t } = useTranslation();
  const status = useAppInitialization();
  const { pathname } = useLocation();
  const isMobile = useIsMobile();

  return (
    <>
      <a href="#main" className={styles.skipLink}>
        {t('Common.SkipToContent')}
      </a>
      <Header />
      <ErrorModal />
      <main id="main" tabIndex={-1} className={styles.main}>
        {status === 'fulfilled' ? (
          <Suspense
            fallback={
              <div className={styles.pending}>
                <LoadingIndicator />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        ) : (
          <div className={styles.pending}>
            <LoadingIndicator data-testid="app-loading" />
          </div>
        )}
      </main>
      {isFooterVisible(pathname, isMobile) && <Footer />}
      <UpdatePrompt updates={appUpdates} />
      <OfflineSync />
      <SyncNotice />
      <ScrollRestoration />
    </>
  );
}
