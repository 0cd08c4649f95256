import { useTranslation } from 'react-i18next';
import styles from './EditorKeys.module.css';

/** How the words editor works, and its keys for those who type. */
export function EditorKeys() {
  const { t } = useTranslation();
  return (
    <>
      <p className={styles.hint}>{t('Dictionaries.Editor.Hint')}</p>
      <dl className={styles.keys} role="group" aria-label={t('Dictionaries.Editor.Keys')}>
        <div>
          <dt>
            <kbd>{t('Dictionaries.Editor.KeyEnter')}</kbd>
          </dt>
          <dd>{t('Dictionaries.Editor.KeyEnterDoes')}</dd>
        </div>
        <div>
          <dt>
            <kbd>{t('Dictionaries.Editor.KeyComma')}</kbd> /{' '}
            <kbd>{t('Dictionaries.Editor.KeyShiftEnter')}</kbd>
          </dt>
          <dd>{t('Dictionaries.Editor.KeyCommaDoes')}</dd>
        </div>
      </dl>
    </>
  );
}
