import * as RadixDialog from '@radix-ui/react-dialog';
import { CircleExclamationPoint } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from '../Button/Button';
import dialogStyles from '../Dialog/Dialog.module.css';
import styles from './ConfirmDialog.module.css';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What will happen; read out with the title when the dialog opens. */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** While the action runs the confirm button is busy, "no" is disabled and the dialog stays. */
  pending?: boolean;
  /** Why the action failed, shown (and announced) inside the dialog. */
  error?: ReactNode;
  tone?: 'danger' | 'primary';
}

/**
 * A yes/no question in an alert dialog (Radix): focus starts on the safe answer, is trapped
 * inside and returns to the button that opened it; Escape and the overlay answer "no".
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  error,
  tone = 'danger',
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={dialogStyles.overlay} />
        <RadixDialog.Content
          role="alertdialog"
          className={dialogStyles.content}
          onOpenAutoFocus={(event) => {
            // A destructive question starts on "no", so Enter never destroys by accident.
            event.preventDefault();
            returnFocusRef.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            cancelRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Back to what opened the dialog (Radix knows only its own Trigger), if still there.
            event.preventDefault();
            if (returnFocusRef.current?.isConnected) returnFocusRef.current.focus();
            returnFocusRef.current = null;
          }}
        >
          <RadixDialog.Title className={dialogStyles.title}>{title}</RadixDialog.Title>
          <RadixDialog.Description className={dialogStyles.description}>
            {description}
          </RadixDialog.Description>
          {error && (
            <p role="alert" className={styles.error}>
              <CircleExclamationPoint aria-hidden="true" />
              <span>{error}</span>
            </p>
          )}
          <div className={dialogStyles.actions}>
            <RadixDialog.Close asChild>
              <Button ref={cancelRef} variant="secondary" disabled={pending}>
                {cancelLabel}
              </Button>
            </RadixDialog.Close>
            <Button variant={tone} onClick={onConfirm} busy={pending}>
              {confirmLabel}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
