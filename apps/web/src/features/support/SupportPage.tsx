import { LifeBuoy, Mail } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button, Card, Page } from '../../shared/ui';
import styles from './SupportPage.module.css';
import { supportEmail, supportMailto } from '../../shared/config/supportEmail';

/** Support (SPEC §1): the contact line with the address from the deployment's config. */
export default function SupportPage() {
  const { t } = useTranslation();
  const email = supportEmail();
  const mailto = supportMailto(email);
  return (
    <Page title={t('Support.Title')} width="narrow">
      <Card className={styles.contact}>
        <span className={styles.icon} aria-hidden="true">
          <LifeBuoy />
        </span>
        <p className={styles.lead}>
          <Trans
            i18nKey="Support.Contact"
            values={{ email }}
            components={{
              mail: (
                <a href={mailto} className={styles.address}>
                  {email}
                </a>
              ),
            }}
          />
        </p>
        <p className={styles.muted}>{t('Support.Hint')}</p>
        <div className={styles.actions}>
          <Button href={mailto} size="lg" icon={<Mail />}>
            {t('Support.WriteEmail')}
          </Button>
          <p className={styles.muted}>{t('Support.ReplyTime')}</p>
        </div>
        <p className={styles.note}>{t('Support.DataRequests')}</p>
      </Card>
    </Page>
  );
}
