import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shared/services';
import { Button, Card, Dialog, DialogClose } from '../../../shared/ui';
import styles from '../screens/UserEditPage.module.css';

/** Deleting the account, behind the confirmation of SPEC §8. */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const { http, session } = useServices();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function deleteAccount() {
    setDeleting(true);
    try {
      await http.request('deleteAccount');
    } catch {
      setDeleting(false);
      setOpen(false); // The error modal says why.
      return;
    }
    setOpen(false);
    // The server has ended every session; forget this one here too and go to /auth.
    session.end();
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
          if (!deleting) setOpen(next);
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
            <Button variant="danger" disabled={deleting} onClick={() => void deleteAccount()}>
              {t('User.DeleteConfirm')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
