import type { User } from '@wordhoard/shared';
import { CreditCard, House, LogOut, Sparkles, UserPen, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  KEEP_WORDS_ROLES,
  PATHS,
  PLANS_ROLES,
  SUBSCRIPTION_ROLES,
  USER_EDIT_ROLES,
  accessRedirect,
  type RouteRule,
} from '../../shared/routing';
import { useIsMobile } from '../../shared/hooks/useMediaQuery';
import { useServices } from '../../shared/services';
import { useUser } from '../../shared/session';
import { Button, DropdownMenu, type DropdownMenuItem } from '../../shared/ui';
import { GuestExpiry } from '../../shared/ui/GuestExpiry/GuestExpiry';
import { useInitStatus } from '../init/AppInitContext';
import styles from './Header.module.css';
import { LogoMark } from './LogoMark';
import { OfflineIndicator } from '../offline/OfflineIndicator';

const canOpen = (rule: RouteRule, user: User) => accessRedirect(rule, user) === null;

function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const { session } = useServices();
  const isMobile = useIsMobile();
  const name = user.email ?? t('Header.Guest');
  const role = t(`Roles.${user.role}`);

  const items: DropdownMenuItem[] = [];
  if (canOpen({ access: 'member', roles: USER_EDIT_ROLES }, user)) {
    items.push({ id: 'edit', label: t('Header.EditUser'), to: PATHS.userEdit, icon: <UserPen /> });
  }
  if (canOpen({ access: 'member', roles: SUBSCRIPTION_ROLES }, user)) {
    items.push({
      id: 'subscription',
      label: t('Header.Subscription'),
      to: PATHS.subscription,
      icon: <CreditCard />,
    });
  }
  if (canOpen({ access: 'member', roles: KEEP_WORDS_ROLES }, user)) {
    items.push({ id: 'keep', label: t('Header.KeepWords'), to: PATHS.keepWords, icon: <UserPlus /> });
  }
  if (canOpen({ access: 'member', roles: PLANS_ROLES }, user)) {
    items.push({ id: 'upgrade', label: t('Header.Upgrade'), to: PATHS.plans, icon: <Sparkles /> });
  }
  items.push({
    id: 'logout',
    label: t('Header.LogOut'),
    icon: <LogOut />,
    tone: 'danger',
    onSelect: () => void session.logout(),
  });

  // A guest is named "Guest" once; the second line says when the account goes.
  const identity = (
    <>
      <span className={styles.email}>{name}</span>
      {user.guestExpiresAt ? (
        <GuestExpiry expiresAt={user.guestExpiresAt} variant="short" className={styles.role} />
      ) : (
        role !== name && <span className={styles.role}>{role}</span>
      )}
    </>
  );

  // A guest's words are deleted after 24 hours; the way to keep them is always in view.
  const keepWords = canOpen({ access: 'member', roles: KEEP_WORDS_ROLES }, user);

  return (
    <div className={styles.account}>
      {keepWords && (
        <Button
          to={PATHS.keepWords}
          size="sm"
          // No icon on a phone: the header has room for the words only.
          icon={isMobile ? undefined : <UserPlus />}
          className={styles.keepWords}
          data-testid="keep-words"
        >
          {isMobile ? t('Header.KeepWordsShort') : t('Header.KeepWords')}
        </Button>
      )}
      <p className={styles.identity}>{identity}</p>
      <DropdownMenu
        label={t('Header.AccountMenu')}
        trigger={
          <span className={styles.avatar} aria-hidden="true">
            {(user.email?.[0] ?? name[0] ?? '?').toUpperCase()}
          </span>
        }
        // Phones have no room for the identity beside the avatar, so the menu shows it.
        header={isMobile ? <p className={styles.menuIdentity}>{identity}</p> : undefined}
        items={items}
      />
    </div>
  );
}

export function Header() {
  const { t } = useTranslation();
  const user = useUser();
  const initStatus = useInitStatus();
  const { pathname } = useLocation();
  const onAuthScreens = pathname === PATHS.auth || pathname.startsWith(`${PATHS.auth}/`);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={PATHS.menu} className={styles.logo}>
          <LogoMark className={styles.logoMark} />
          <span className={styles.logoText}>{t('Common.AppName')}</span>
        </Link>
        <Button to={PATHS.menu} variant="ghost" iconOnly icon={<House />} aria-label={t('Header.Home')} />
        {/* Its own line on a phone (Header.module.css), where the header row has no room for words. */}
        <div className={styles.status}>{user && <OfflineIndicator />}</div>
        <div className={styles.end}>
          {/* Nothing until the session is known, so "Sign in" never flashes for a signed-in user. */}
          {initStatus === 'fulfilled' &&
            (user ? (
              <AccountMenu user={user} />
            ) : (
              !onAuthScreens && (
                <Button to={PATHS.auth} variant="secondary" size="sm">
                  {t('Header.SignIn')}
                </Button>
              )
            ))}
        </div>
      </div>
    </header>
  );
}
