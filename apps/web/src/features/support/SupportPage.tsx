import { Mail } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button, Card, Page } from '../../shared/ui';
import styles from './SupportPage.module.css';
import { supportEmail, supportMailto } from './supportEmail';

export default function SupportPage() {
  const { t } = useTranslation();
  const email = supportEmail();
  const mailto = supportMailto(email);
  return (
    <Page title={t('Support.Title')} width="narrow">
      <Card className={styles.contact}>
        <p>
          <Trans
            i18nKey="Support.Contact"
            values={{ email }}
            components={{ mail: <a href={mailto}>{email}</a> }}
          />
        </p>
        <div>
          <Button href={mailto} icon={<Mail />}>
            {t('Support.WriteEmail')}
          </Button>
        </div>
      </Card>
    </Page>
  );
}
