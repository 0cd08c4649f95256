import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/errors';
import { useMessageTranslator } from '../../shared/i18n';
import { afterLoadWhenIdle } from '../../shared/lib/afterLoadWhenIdle';
import { useServices } from '../../shared/services';
import styles from './ErrorModal.module.css';

interface ErrorDialogProps {
  message: string;
  onClose: () => void;
}

/**
 * If the dialog's chunk cannot be fetched (the connection dropped before it was prefetched),
 * the message is still shown, in a plain alert dialog: focus moves to its button, Escape closes
 * it, and focus then returns to what had it before (WCAG 2.4.3).
 */
export function FallbackErrorDialog({ message, onClose }: ErrorDialogProps) {
  const { t } = useTranslation();
  const translate = useMessageTranslator();
  const closeRef = useRef<HTMLButtonElement>(null);
  const open = message !== '';

  useLayoutEffect(() => {
    if (!open) return;
    const focused = document.activeElement;
    const returnTo = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    closeRef.current?.focus();
    return () => {
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="error-fallback-title"
      className={styles.fallback}
    >
      <h2 id="error-fallback-title">{t('Errors.Title')}</h2>
      <p>{translate(message)}</p>
      <button ref={closeRef} type="button" onClick={onClose}>
        {t('Common.Close')}
      </button>
    </div>
  );
}

const loadErrorDialog = (): Promise<{ default: ComponentType<ErrorDialogProps> }> =>
  import('./ErrorDialog').catch(() => ({ default: FallbackErrorDialog }));
const ErrorDialog = lazy(loadErrorDialog);

/**
 * The global error modal (SPEC §2): open while there is a message; closing clears it.
 * The dialog (Radix) is not part of the start-up JavaScript: it is fetched when the browser is
 * idle after the page has loaded, or at once if an error comes first.
 */
export function ErrorModal() {
  const { errors } = useServices();
  const message = useErrorMessage(errors);
  // Once shown, the dialog stays mounted so that it can close (and return focus) properly.
  const [needed, setNeeded] = useState(false);
  if (message !== '' && !needed) setNeeded(true);

  useEffect(() => afterLoadWhenIdle(() => void loadErrorDialog()), []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog message={message} onClose={errors.clear} />
    </Suspense>
  );
}
