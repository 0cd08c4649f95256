import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/errors';
import { useMessageTranslator } from '../../shared/i18n';
import { useServices } from '../../shared/services';
import { Button, Dialog, DialogClose } from '../../shared/ui';

/** The global error modal (SPEC §2): open while there is a message; closing clears it. */
export function ErrorModal() {
  const { t } = useTranslation();
  const { errors } = useServices();
  const message = useErrorMessage(errors);
  const translate = useMessageTranslator();
  return (
    <Dialog
      open={message !== ''}
      onOpenChange={(open) => {
        if (!open) errors.clear();
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
