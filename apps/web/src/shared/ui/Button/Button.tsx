import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from '../../lib/classNames';
import { Spinner } from '../Spinner/Spinner';
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
  /**
   * Its request is running: the button says so (aria-busy, a spinner in the icon's place) and
   * refuses clicks, Enter in its form included, yet stays focusable (decision 0088). Not the
   * same as `disabled`, which means "cannot be used now".
   */
  busy?: boolean;
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

/**
 * A busy button's click does nothing: preventDefault stops a submit button's form (the implicit
 * Enter submission of a form is a click on its submit button too) and a link's navigation.
 */
function refuseClick(event: MouseEvent) {
  event.preventDefault();
}

export function Button(props: ButtonProps) {
  const {
    variant = 'primary',
    size = 'md',
    icon,
    iconEnd,
    iconOnly,
    fullWidth,
    busy = false,
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
  // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
  const busyProps = busy ? { 'aria-busy': true, 'aria-disabled': true, onClick: refuseClick } : {};
  const spinner = (
    <span className={cx(styles.icon, styles.spinner, !icon && styles.spinnerBeforeText)} aria-hidden="true">
      <Spinner size="sm" />
    </span>
  );
  const content = (
    <>
      {busy
        ? spinner
        : icon && (
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
      <Link {...rest} {...busyProps} className={classes}>
        {content}
      </Link>
    );
  }
  if (rest.href !== undefined) {
    return (
      <a {...rest} {...busyProps} className={classes}>
        {content}
      </a>
    );
  }
  return (
    <button type="button" {...rest} {...busyProps} className={classes}>
      {content}
    </button>
  );
}
