import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/classNames';
import styles from './Card.module.css';

interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element to render; pick the one that says what the card is. */
  as?: 'div' | 'section' | 'article' | 'li';
  children?: ReactNode;
}

/** A surface with a soft radius that groups related content. */
export function Card({ as: Element = 'div', className, children, ...rest }: CardProps) {
  return (
    <Element {...rest} className={cx(styles.card, className)}>
      {children}
    </Element>
  );
}
