import { Checkbox, Select, TextField } from '../../../shared/ui';
import { useTranslation } from 'react-i18next';
import type { SourceSettings } from '../lib/importSource';
import styles from '../screens/ImportPage.module.css';

/** How the pasted text or file is read: its format and, per format, its separators. */
export function ImportFormatOptions({
  settings,
  update,
}: {
  settings: SourceSettings;
  update: (patch: Partial<SourceSettings>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.options}>
      <Select
        label={t('Import.Format')}
        value={settings.format}
        options={[
          { value: 'delimited', label: t('Import.Formats.delimited') },
          { value: 'quizlet', label: t('Import.Formats.quizlet') },
          { value: 'json', label: t('Import.Formats.json') },
        ]}
        onChange={(event) => update({ format: event.target.value as SourceSettings['format'] })}
      />
      {settings.format === 'delimited' && (
        <>
          <Select
            label={t('Import.Delimiter')}
            value={settings.delimiter}
            options={[
              { value: ',', label: t('Import.Separators.comma') },
              { value: ';', label: t('Import.Separators.semicolon') },
              { value: '\t', label: t('Import.Separators.tab') },
            ]}
            onChange={(event) => update({ delimiter: event.target.value as SourceSettings['delimiter'] })}
          />
          <Checkbox
            label={t('Import.SkipHeader')}
            checked={settings.skipHeader}
            onChange={(event) => update({ skipHeader: event.target.checked })}
          />
        </>
      )}
      {settings.format === 'quizlet' && (
        <>
          <Select
            label={t('Import.TermSeparator')}
            value={settings.termSeparator}
            options={[
              { value: 'tab', label: t('Import.Separators.tab') },
              { value: 'comma', label: t('Import.Separators.comma') },
              { value: 'dash', label: t('Import.Separators.dash') },
              { value: 'custom', label: t('Import.Separators.custom') },
            ]}
            onChange={(event) =>
              update({ termSeparator: event.target.value as SourceSettings['termSeparator'] })
            }
          />
          {settings.termSeparator === 'custom' && (
            <TextField
              label={t('Import.CustomTermSeparator')}
              value={settings.customTermSeparator}
              maxLength={10}
              onChange={(event) => update({ customTermSeparator: event.target.value })}
            />
          )}
          <Select
            label={t('Import.CardSeparator')}
            value={settings.cardSeparator}
            options={[
              { value: 'newline', label: t('Import.Separators.newline') },
              { value: 'semicolon', label: t('Import.Separators.semicolon') },
              { value: 'custom', label: t('Import.Separators.custom') },
            ]}
            onChange={(event) =>
              update({ cardSeparator: event.target.value as SourceSettings['cardSeparator'] })
            }
          />
          {settings.cardSeparator === 'custom' && (
            <TextField
              label={t('Import.CustomCardSeparator')}
              value={settings.customCardSeparator}
              maxLength={10}
              onChange={(event) => update({ customCardSeparator: event.target.value })}
            />
          )}
        </>
      )}
    </div>
  );
}
