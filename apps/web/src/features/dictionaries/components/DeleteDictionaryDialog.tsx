import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog/ConfirmDialog';

interface DeleteDictionaryDialogProps {
  /** The dictionary's name, for the question. */
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** The deletion is under way. */
  pending: boolean;
  /** Why the deletion failed, in the user's language. */
  error: string | undefined;
}

/** Asks before a dictionary and all its words go for good. */
export function DeleteDictionaryDialog({
  name,
  open,
  onOpenChange,
  onConfirm,
  pending,
  error,
}: DeleteDictionaryDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Dictionaries.DeleteTitle', { name })}
      description={t('Dictionaries.DeleteText')}
      confirmLabel={t('Dictionaries.Yes')}
      cancelLabel={t('Dictionaries.No')}
      onConfirm={onConfirm}
      pending={pending}
      error={error}
    />
  );
}
