import { ChevronDown } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../lib/classNames';
import styles from './DropdownMenu.module.css';

export interface DropdownMenuItem {
  id: string;
  label: string;
  icon?: ReactNode;
  /** Navigates inside the app. */
  to?: string;
  /** Runs an action (used when there is no `to`). */
  onSelect?: () => void;
  tone?: 'default' | 'danger';
}

interface DropdownMenuProps {
  /** The accessible name of the button that opens the menu. */
  label: string;
  /** What the button shows, e.g. an avatar. */
  trigger: ReactNode;
  items: readonly DropdownMenuItem[];
  /** Non-interactive content above the items, e.g. who is signed in. */
  header?: ReactNode;
  align?: 'start' | 'end';
  className?: string;
}

type FocusTarget = 'first' | 'last';

/**
 * A menu button (WAI-ARIA APG pattern): Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move between items; Escape and a choice close it and
 * return focus to the button; Tab or a click outside close it.
 */
export function DropdownMenu({ label, trigger, items, header, align = 'end', className }: DropdownMenuProps) {
  const [focusOnOpen, setFocusOnOpen] = useState<FocusTarget | null>(null);
  const open = focusOnOpen !== null;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const menuId = useId();
  const triggerId = useId();

  const close = (returnFocus: boolean) => {
    setFocusOnOpen(null);
    if (returnFocus) triggerRef.current?.focus();
  };

  // Layout effects: focus moves and outside clicks are heard before the next input event with
  // any renderer (Preact, used in production, runs passive effects only after a frame).
  useLayoutEffect(() => {
    if (!focusOnOpen) return;
    const targets = itemRefs.current.filter((item): item is HTMLElement => item !== null);
    (focusOnOpen === 'first' ? targets[0] : targets.at(-1))?.focus();
  }, [focusOnOpen]);

  useLayoutEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setFocusOnOpen(null);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setFocusOnOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const targets = itemRefs.current.filter((item): item is HTMLElement => item !== null);
    const current = targets.findIndex((item) => item === document.activeElement);
    const last = targets.length - 1;
    const next: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const index = next[event.key];
    if (index !== undefined) {
      event.preventDefault();
      targets[index]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key === ' ' && event.target instanceof HTMLAnchorElement) {
      // Space activates a menu item; links only react to Enter by default.
      event.preventDefault();
      event.target.click();
    }
  };

  // Focus goes back to the button before the choice runs, so a dialog the choice opens
  // returns it there when it closes (WCAG 2.4.3), instead of to the vanished item.
  const select = (item: DropdownMenuItem) => {
    close(true);
    item.onSelect?.();
  };

  return (
    <div ref={rootRef} className={cx(styles.root, className)}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={styles.trigger}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setFocusOnOpen('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
        <ChevronDown className={styles.chevron} aria-hidden="true" />
      </button>
      {open && (
        <div className={cx(styles.popup, styles[align])}>
          {header && <div className={styles.header}>{header}</div>}
          <div
            id={menuId}
            role="menu"
            tabIndex={-1}
            aria-labelledby={triggerId}
            className={styles.menu}
            onKeyDown={moveFocus}
          >
            {items.map((item, index) => {
              const ref = (element: HTMLElement | null) => {
                itemRefs.current[index] = element;
              };
              const itemClass = cx(styles.item, item.tone === 'danger' && styles.danger);
              const content = (
                <>
                  {item.icon && <span aria-hidden="true">{item.icon}</span>}
                  <span>{item.label}</span>
                </>
              );
              return item.to !== undefined ? (
                <Link
                  key={item.id}
                  ref={ref}
                  to={item.to}
                  role="menuitem"
                  tabIndex={-1}
                  className={itemClass}
                  onClick={() => select(item)}
                >
                  {content}
                </Link>
              ) : (
                <button
                  key={item.id}
                  ref={ref}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={itemClass}
                  onClick={() => select(item)}
                >
                  {content}
                </button>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
