import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../Button/Button';
import styles from './Dialog.module.css';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom; wrap one in <DialogClose asChild> to close with it. */
  actions?: ReactNode;
  /** The × button in the corner; leave it out when an action already says "Close". */
  showCloseIcon?: boolean;
}

/**
 * A modal dialog (Radix): focus is trapped inside and returned afterwards to what had it when
 * the dialog opened (WCAG 2.4.3), be it the button that opened it or, for a dialog no click
 * opened (the error modal), whatever the person was on; the close button, Escape and a click on
 * the overlay all close it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  showCloseIcon = true,
}: DialogProps) {
  const { t } = useTranslation();
  const returnFocusRef = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} data-dialog-overlay="" />
        <RadixDialog.Content
          className={styles.content}
          onOpenAutoFocus={() => {
            const focused = document.activeElement;
            returnFocusRef.current =
              focused instanceof HTMLElement && focused !== document.body ? focused : null;
          }}
          onCloseAutoFocus={(event) => {
            // Radix returns focus only to its own Trigger, which these dialogs do not use.
            const target = returnFocusRef.current;
            returnFocusRef.current = null;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
          // Without a description Radix must not point aria-describedby at a missing element.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            {showCloseIcon && (
              <RadixDialog.Close asChild>
                <Button variant="ghost" size="sm" iconOnly icon={<X />} aria-label={t('Common.Close')} />
              </RadixDialog.Close>
            )}
          </div>
          {description && (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          )}
          {children}
          {actions && <div className={styles.actions}>{actions}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
