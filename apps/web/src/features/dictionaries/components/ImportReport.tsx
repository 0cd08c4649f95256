import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMessageTranslator } from '../../../shared/i18n';
import { useUser } from '../../../shared/session';
import { Button, Card, TABULAR_NUMS, VISUALLY_HIDDEN } from '../../../shared/ui';
import { Notice } from '../../../shared/ui/Notice/Notice';
import type { ImportReport as Report } from '../lib/useImportSource';
import { dictionaryPath } from '../paths';
import styles from '../screens/ImportPage.module.css';

/**
 * After an import that skipped the lines needing fixes: how many words were added, and each
 * line the server left out, with why (it judged every line again).
 */
export function ImportReport({ report }: { report: Report }) {
  const { t } = useTranslation();
  const translate = useMessageTranslator();
  const user = useUser();
  const { result, lines } = report;
  const lineOf = (index: number) => lines[index] ?? index + 1;

  const reason = (skipped: Report['result']['skipped'][number]) => {
    switch (skipped.reason) {
      case 'invalid':
        return (skipped.problems ?? [])
          .map((problem) => `${t(`Import.Columns.${problem.field}`)}: ${translate(problem.message)}`)
          .join('; ');
      case 'duplicateInFile':
        return t('Import.Report.Reasons.duplicateInFile', { line: lineOf(skipped.firstIndex ?? 0) });
      case 'alreadyInDictionary':
        return t('Import.Report.Reasons.alreadyInDictionary');
      case 'overWordLimit':
        return t('Import.Report.Reasons.overWordLimit', { limit: user?.limits.wordsPerDictionary ?? '' });
    }
  };

  return (
    <Card as="section" className={styles.section} aria-labelledby="import-report-title">
      <h2 id="import-report-title" className={styles.sectionTitle}>
        {t('Import.Report.Title')}
      </h2>
      <Notice tone="success">
        {t('Import.Report.Summary', { imported: result.imported, skipped: result.skipped.length })}
      </Notice>
      {result.skipped.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={VISUALLY_HIDDEN}>{t('Import.Report.SkippedTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Import.Columns.line')}</th>
                <th scope="col">{t('Import.Columns.term')}</th>
                <th scope="col">{t('Import.Report.Reason')}</th>
              </tr>
            </thead>
            <tbody>
              {result.skipped.map((skipped) => (
                <tr key={skipped.index} data-testid="import-skipped-line">
                  <td className={TABULAR_NUMS}>{lineOf(skipped.index)}</td>
                  <td>{skipped.term}</td>
                  <td>{reason(skipped)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div>
        <Button to={dictionaryPath(result.dictionary.id)} icon={<ArrowRight />}>
          {t('Import.Report.Open')}
        </Button>
      </div>
    </Card>
  );
}
