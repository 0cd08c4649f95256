import type { DeleteAccountBody, User } from '@wordhoard/shared';
import { Trash2 } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GoogleButton } from '../../../shared/google/GoogleButton';
import { ApiError } from '../../../shared/http';
import { useServices } from '../../../shared/services';
import { Button, Card, Dialog, DialogClose } from '../../../shared/ui';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { PasswordField } from '../../../shared/ui/PasswordField/PasswordField';
import styles from '../screens/UserEditPage.module.css';
import { useAccountCalls } from '../api/account';

/** The server's answers about the password belong next to the field, with the dialog still open. */
const PASSWORD_ERRORS = new Set(['WRONG_CURRENT_PASSWORD', 'CURRENT_PASSWORD_REQUIRED']);

/**
 * Deleting the account, behind the confirmation of SPEC §8 and the owner's proof
 * (docs/decisions/0016): the password, or for an account that signs in only with Google, a
 * fresh Google sign-in.
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { session } = useServices();
  const calls = useAccountCalls();
  const handleError = useRequestErrorHandler();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const passwordRef = useRef<HTMLInputElement>(null);
  const googleOnly = !user.hasPassword && user.googleLinked;

  const deleteAccount = useCallback(
    async (body: NonNullable<DeleteAccountBody>) => {
      setDeleting(true);
      setPasswordError(undefined);
      try {
        await calls.deleteAccount(body);
      } catch (error) {
        setDeleting(false);
        if (error instanceof ApiError && error.code !== null && PASSWORD_ERRORS.has(error.code)) {
          setPasswordError(error.message);
          return;
        }
        setOpen(false);
        handleError(error); // The error modal says why.
        return;
      }
      setOpen(false);
      // The server has ended every session; forget this one here too and go to /auth.
      session.end();
    },
    [calls, session, handleError],
  );

  // A message at the field takes the focus there, once the field is enabled again.
  useEffect(() => {
    if (passwordError) passwordRef.current?.focus();
  }, [passwordError]);

  function submitPassword(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    // Asked here: the server's answer to an empty password is no field error but a failed request.
    if (user.hasPassword && password === '') {
      setPasswordError(t('User.DeletePasswordRequired'));
      passwordRef.current?.focus(); // Also on a second try, when the message stays the same.
      return;
    }
    void deleteAccount(user.hasPassword ? { currentPassword: password } : { confirmDeletion: true });
  }

  return (
    <Card as="section" className={styles.section} aria-labelledby="user-delete-title">
      <h2 id="user-delete-title" className={styles.sectionTitle}>
        {t('User.DeleteTitle')}
      </h2>
      <p className={styles.sectionLead}>{t('User.DeleteLead')}</p>
      <Button variant="danger" icon={<Trash2 />} className={styles.submit} onClick={() => setOpen(true)}>
        {t('User.DeleteButton')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (deleting) return;
          setOpen(next);
          setPassword('');
          setPasswordError(undefined);
        }}
        title={t('User.DeleteConfirmTitle')}
        description={t('User.DeleteConfirmText')}
        actions={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={deleting}>
                {t('User.Cancel')}
              </Button>
            </DialogClose>
            {!googleOnly && (
              <Button variant="danger" type="submit" form={formId} busy={deleting}>
                {t('User.DeleteConfirm')}
              </Button>
            )}
          </>
        }
      >
        {googleOnly ? (
          <div className={styles.form}>
            <p className={styles.sectionLead}>{t('User.GoogleConfirmHint')}</p>
            <GoogleButton
              text="continue_with"
              onCredential={(googleCredential) => deleteAccount({ googleCredential })}
            />
          </div>
        ) : (
          <form id={formId} noValidate onSubmit={submitPassword} className={styles.form}>
            {user.hasPassword && (
              <>
                <input
                  type="email"
                  name="username"
                  autoComplete="username"
                  value={user.email ?? ''}
                  readOnly
                  hidden
                />
                <PasswordField
                  label={t('User.DeletePassword')}
                  autoComplete="current-password"
                  ref={passwordRef}
                  value={password}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    setPasswordError(undefined);
                  }}
                  error={passwordError}
                  disabled={deleting}
                />
              </>
            )}
          </form>
        )}
      </Dialog>
    </Card>
  );
}
