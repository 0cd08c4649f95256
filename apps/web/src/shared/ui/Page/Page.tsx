import type { ReactNode } from 'react';
import { cx } from '../../lib/classNames';
import styles from './Page.module.css';
import { useDocumentTitle } from './useDocumentTitle';

interface PageProps {
  /** The screen's one <h1>; also names the browser tab. */
  title: string;
  /** A sentence under the title that says what the screen is for. */
  lead?: ReactNode;
  width?: 'narrow' | 'default' | 'wide';
  /** `hero`: a larger, centred title for welcome-style screens. */
  variant?: 'default' | 'center' | 'hero';
  children?: ReactNode;
}

export function Page({ title, lead, width = 'default', variant = 'default', children }: PageProps) {
  useDocumentTitle(title);
  const centred = variant !== 'default';
  return (
    <div className={cx(styles.page, styles[width], variant === 'hero' && styles.hero)}>
      <div className={cx(styles.header, centred && styles.center)}>
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
      </div>
      {children && <div className={cx(styles.content, centred && styles.center)}>{children}</div>}
    </div>
  );
}
