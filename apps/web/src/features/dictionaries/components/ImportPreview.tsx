import type { ImportPreview as Preview, ParsedImport } from '@wordhoard/shared';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageTranslator } from '../../../shared/i18n';
import { Checkbox, TABULAR_NUMS } from '../../../shared/ui';
import { ImportCounts } from './ImportCounts';
import { ImportRowProblems } from './ImportRowProblems';
import styles from '../screens/ImportPage.module.css';

const ROW_CLASS = { ready: styles.rowReady, skipped: styles.rowSkipped, error: styles.rowError };

/** Rows drawn at once; the counts and the "problems only" filter cover the rest. */
const MAX_SHOWN_ROWS = 500;

/** What the import would do, row by row, before anything is saved. */
export function ImportPreview({
  parsed,
  preview,
  stale,
}: {
  parsed: ParsedImport;
  preview: Preview;
  /** The text changed and the preview is still catching up. */
  stale: boolean;
}) {
  const { t } = useTranslation();
  const translate = useMessageTranslator();
  const [problemsOnly, setProblemsOnly] = useState(false);
  const rows = problemsOnly ? preview.rows.filter((row) => row.status !== 'ready') : preview.rows;
  const shown = rows.slice(0, MAX_SHOWN_ROWS);
  const { counts } = preview;

  return (
    <section className={styles.previewSection} aria-labelledby="import-preview-title" aria-busy={stale}>
      <h2 id="import-preview-title" className={styles.sectionTitle}>
        {t('Import.PreviewTitle')}
      </h2>
      {parsed.error ? (
        <p role="alert" className={styles.error}>
          <CircleAlert aria-hidden="true" /> {translate(parsed.error)}
        </p>
      ) : counts.total === 0 ? (
        <p className={styles.hint}>{t('Import.PreviewEmpty')}</p>
      ) : (
        <>
          <ImportCounts
            testId="import-counts"
            counts={[
              { label: t('Import.Counts.ready'), value: counts.ready },
              { label: t('Import.Counts.skipped'), value: counts.skipped },
              { label: t('Import.Counts.errors'), value: counts.errors, problem: true },
            ]}
          />
          <Checkbox
            label={t('Import.ProblemsOnly')}
            checked={problemsOnly}
            onChange={(event) => setProblemsOnly(event.target.checked)}
          />
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('Import.Columns.line')}</th>
                  <th scope="col">{t('Import.Columns.term')}</th>
                  <th scope="col">{t('Import.Columns.definitions')}</th>
                  <th scope="col">{t('Import.Columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row, index) => (
                  <tr key={`${row.line}-${index}`} className={ROW_CLASS[row.status]} data-status={row.status}>
                    <td className={TABULAR_NUMS}>{row.line}</td>
                    <td>{row.term}</td>
                    <td>
                      {row.definitions.join(', ')}
                      {row.examples && row.examples.length > 0 && (
                        // The word's example sentences, under its definitions (decision 0060).
                        <span className={styles.examples}>
                          {t('Import.Columns.examples')}: {row.examples.join(' · ')}
                        </span>
                      )}
                    </td>
                    <td>
                      <span className={styles.status}>{t(`Import.Status.${row.status}`)}</span>
                      <ImportRowProblems problems={row.problems} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rows.length > shown.length && (
            <p className={styles.hint}>{t('Import.MoreRows', { shown: shown.length, total: rows.length })}</p>
          )}
        </>
      )}
    </section>
  );
}
