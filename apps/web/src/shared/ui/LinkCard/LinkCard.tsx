import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../lib/classNames';
import styles from './LinkCard.module.css';

interface LinkCardProps {
  to: string;
  title: string;
  description?: string;
  icon?: ReactNode;
  /** A short status line under the description (e.g. words due today). */
  badge?: string;
  className?: string;
}

/** A large, whole-card link: one obvious target for the main choices of a screen. */
export function LinkCard({ to, title, description, icon, badge, className }: LinkCardProps) {
  return (
    <Link to={to} className={cx(styles.linkCard, className)}>
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <span className={styles.body}>
        <span className={styles.title}>{title}</span>
        {description && <span className={styles.description}>{description}</span>}
        {badge && (
          <span className={styles.badge} data-testid="link-card-badge">
            {badge}
          </span>
        )}
      </span>
      <ChevronRight className={styles.arrow} aria-hidden="true" />
    </Link>
  );
}
