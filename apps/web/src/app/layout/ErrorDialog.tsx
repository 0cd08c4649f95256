import { useTranslation } from 'react-i18next';
import { useMessageTranslator } from '../../shared/i18n';
import { Button, Dialog, DialogClose } from '../../shared/ui';

interface ErrorDialogProps {
  /** The message to show; the dialog is open while it is non-empty. */
  message: string;
  onClose: () => void;
}

/** The dialog of the global error modal, loaded on demand by ErrorModal (Radix stays out of start-up). */
export default function ErrorDialog({ message, onClose }: ErrorDialogProps) {
  const { t } = useTranslation();
  const translate = useMessageTranslator();
  return (
    <Dialog
      open={message !== ''}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('Errors.Title')}
      description={translate(message)}
      showCloseIcon={false}
      actions={
        <DialogClose asChild>
          <Button>{t('Common.Close')}</Button>
        </DialogClose>
      }
    />
  );
}
