import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMinutesLeft } from '../../hooks/useMinutesLeft';

/** "23 hours 12 minutes", "5 hours", "40 minutes", in the interface language with its plurals. */
export function formatTimeLeft(t: TFunction, totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return t('Header.Minutes', { count: Math.max(minutes, 1) });
  if (minutes === 0) return t('Header.Hours', { count: hours });
  return t('Header.HoursMinutes', {
    hours: t('Header.Hours', { count: hours }),
    minutes: t('Header.Minutes', { count: minutes }),
  });
}

interface GuestExpiryProps {
  /** When the guest account is deleted (the user's `guestExpiresAt`). */
  expiresAt: string;
  /** `short`: "Deleted in …" under the word Guest; `long`: "Guest account — deleted in …". */
  variant?: 'short' | 'long';
  className?: string;
}

/** How long a guest account has left (SPEC §1: deleted after 24 hours), counting down each minute. */
export function GuestExpiry({ expiresAt, variant = 'long', className }: GuestExpiryProps) {
  const { t } = useTranslation();
  const minutesLeft = useMinutesLeft(expiresAt) ?? 0;
  const time = formatTimeLeft(t, minutesLeft);
  return (
    <span className={className} data-testid="guest-expiry">
      {variant === 'short'
        ? t('Header.GuestDeletedIn', { time })
        : t('Header.GuestAccountDeletedIn', { time })}
    </span>
  );
}
