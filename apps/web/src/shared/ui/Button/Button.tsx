import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from '../../lib/classNames';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface OwnProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An icon before the text; decorative, so the text (or aria-label) names the button. */
  icon?: ReactNode;
  iconEnd?: ReactNode;
  /** A square button holding only `icon`; give it an aria-label. */
  iconOnly?: boolean;
  fullWidth?: boolean;
  className?: string;
  children?: ReactNode;
}

type AsButton = OwnProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof OwnProps> & {
    to?: undefined;
    href?: undefined;
    ref?: Ref<HTMLButtonElement>;
  };
/** A react-router link that looks like a button: navigation inside the app. */
type AsLink = OwnProps & Omit<LinkProps, keyof OwnProps> & { href?: undefined; ref?: Ref<HTMLAnchorElement> };
/** A plain anchor that looks like a button: mailto: and other sites. */
type AsAnchor = OwnProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof OwnProps> & {
    href: string;
    to?: undefined;
    ref?: Ref<HTMLAnchorElement>;
  };

export type ButtonProps = AsButton | AsLink | AsAnchor;

export function Button(props: ButtonProps) {
  const {
    variant = 'primary',
    size = 'md',
    icon,
    iconEnd,
    iconOnly,
    fullWidth,
    className,
    children,
    ...rest
  } = props;
  const classes = cx(
    styles.button,
    styles[variant],
    size !== 'md' && styles[size],
    iconOnly && styles.iconOnly,
    fullWidth && styles.fullWidth,
    className,
  );
  const content = (
    <>
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      {children}
      {iconEnd && (
        <span className={styles.icon} aria-hidden="true">
          {iconEnd}
        </span>
      )}
    </>
  );

  if (rest.to !== undefined) {
    return (
      <Link {...rest} className={classes}>
        {content}
      </Link>
    );
  }
  if (rest.href !== undefined) {
    return (
      <a {...rest} className={classes}>
        {content}
      </a>
    );
  }
  return (
    <button type="button" {...rest} className={classes}>
      {content}
    </button>
  );
}
