import { ANKI_PACKAGE_MAX_BYTES, type AnkiPreview } from '@wordhoard/shared';
import { ArrowLeft, CircleAlert, FileUp, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useUploadProgress } from '../../../shared/hooks/useUploadProgress';
import { Button, Card, Checkbox, Page, TABULAR_NUMS } from '../../../shared/ui';
import { UploadStatus } from '../../../shared/ui/UploadStatus/UploadStatus';
import { asPackageUpload, useAnkiPreview, useImportAnki } from '../api/anki';
import type { ImportedState } from '../lib/importSource';
import { dictionaryPath, importWordsPath } from '../paths';
import { ImportCounts } from '../components/ImportCounts';
import { ImportRowProblems } from '../components/ImportRowProblems';
import styles from './ImportPage.module.css';

/** Rows drawn at once; the counts cover the rest. */
const MAX_SHOWN_ROWS = 500;
const ROW_CLASS = { ready: styles.rowReady, skipped: styles.rowSkipped, error: styles.rowError };

/**
 * `/dictionaries/:id/import/anki`: choose an Anki package, see what the server read from it
 * (words to add, duplicates skipped, notes past the word limit or broken), then import.
 * The server reads the package (docs/decisions/0061-anki-import-export.md).
 */
export default function AnkiImportPage() {
  const { dictionaryId = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useAnkiPreview(dictionaryId);
  const save = useImportAnki(dictionaryId);
  // The preview and the import each send the package; one at a time, so one bar serves both.
  const upload = useUploadProgress();
  const [file, setFile] = useState<{ name: string; upload: Blob } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setFile(null);
    setFileError(null);
    preview.reset();
    save.reset();
    if (chosen.size > ANKI_PACKAGE_MAX_BYTES) {
      setFileError(t('Anki.TooLarge', { size: Math.round(ANKI_PACKAGE_MAX_BYTES / 1024 / 1024) }));
      return;
    }
    const packageUpload = asPackageUpload(chosen);
    setFile({ name: chosen.name, upload: packageUpload });
    upload.start(packageUpload.size);
    preview.mutate({ file: packageUpload, onUploadProgress: upload.track });
  }

  async function submit() {
    if (!file) return;
    try {
      upload.start(file.upload.size);
      const result = await save.mutateAsync({ file: file.upload, onUploadProgress: upload.track });
      const state: ImportedState = { imported: result.imported, skipped: result.skipped.length };
      await navigate(dictionaryPath(dictionaryId), { state });
    } catch {
      // Shown below the button (save.error); the chosen file stays.
    }
  }

  const counts = preview.data?.counts;
  const error = fileError ?? preview.error?.message ?? null;

  return (
    <Page title={t('Anki.Title')} lead={t('Anki.Lead')} width="wide">
      <Button
        variant="ghost"
        size="sm"
        to={importWordsPath(dictionaryId)}
        icon={<ArrowLeft />}
        className={styles.back}
      >
        {t('Import.Back')}
      </Button>

      <Card as="section" className={styles.section} aria-labelledby="anki-source-title">
        <h2 id="anki-source-title" className={styles.sectionTitle}>
          {t('Anki.SourceTitle')}
        </h2>
        <p className={styles.hint}>{t('Anki.SourceHint')}</p>
        <div className={styles.fileRow}>
          <input
            ref={fileInput}
            type="file"
            accept=".apkg,application/apkg,application/zip"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="anki-file"
            onChange={(event) => void choose(event)}
          />
          <Button variant="secondary" icon={<FileUp />} onClick={() => fileInput.current?.click()}>
            {t('Anki.ChooseFile')}
          </Button>
          <span className={styles.fileName}>{file?.name ?? t('Anki.NoFile')}</span>
        </div>
        {error && (
          <p role="alert" className={styles.error}>
            <CircleAlert aria-hidden="true" /> {error}
          </p>
        )}
      </Card>

      <section
        className={styles.previewSection}
        aria-labelledby="anki-preview-title"
        aria-busy={preview.isPending}
      >
        <h2 id="anki-preview-title" className={styles.sectionTitle}>
          {t('Import.PreviewTitle')}
        </h2>
        {preview.isPending ? (
          <UploadStatus progress={upload.progress} afterUpload={t('Anki.Reading')} />
        ) : preview.data ? (
          <AnkiPreviewTable preview={preview.data} />
        ) : (
          <p className={styles.hint}>{t('Anki.PreviewEmpty')}</p>
        )}
      </section>

      <div className={styles.saveBar}>
        {save.error && (
          <p role="alert" className={styles.error}>
            <CircleAlert aria-hidden="true" /> {save.error.message}
          </p>
        )}
        {save.isPending && <UploadStatus progress={upload.progress} afterUpload={t('Import.Saving')} />}
        <Button
          size="lg"
          icon={<Upload />}
          busy={save.isPending}
          disabled={!file || !counts || counts.ready === 0}
          onClick={() => void submit()}
        >
          {save.isPending ? t('Import.Saving') : t('Anki.Submit', { count: counts?.ready ?? 0 })}
        </Button>
      </div>
    </Page>
  );
}

function AnkiPreviewTable({ preview }: { preview: AnkiPreview }) {
  const { t } = useTranslation();
  const [problemsOnly, setProblemsOnly] = useState(false);
  const { counts } = preview;
  if (counts.total === 0) return <p className={styles.hint}>{t('Anki.NoNotes')}</p>;
  const rows = problemsOnly ? preview.rows.filter((row) => row.status !== 'ready') : preview.rows;
  const shown = rows.slice(0, MAX_SHOWN_ROWS);
  // The pictures and sounds the words to add bring along (decision 0063), said when there are any.
  const hasMedia = preview.pictures + preview.sounds > 0;

  return (
    <>
      {preview.deck && <p className={styles.hint}>{t('Anki.Deck', { deck: preview.deck })}</p>}
      <ImportCounts
        testId="anki-counts"
        counts={[
          { label: t('Anki.Counts.ready'), value: counts.ready },
          { label: t('Anki.Counts.skipped'), value: counts.skipped },
          { label: t('Anki.Counts.overLimit'), value: counts.overLimit, problem: true },
          { label: t('Anki.Counts.invalid'), value: counts.invalid },
          ...(hasMedia
            ? [
                { label: t('Anki.Counts.pictures'), value: preview.pictures },
                { label: t('Anki.Counts.sounds'), value: preview.sounds },
              ]
            : []),
        ]}
      />
      {hasMedia && <p className={styles.hint}>{t('Anki.MediaHint')}</p>}
      <Checkbox
        label={t('Import.ProblemsOnly')}
        checked={problemsOnly}
        onChange={(event) => setProblemsOnly(event.target.checked)}
      />
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('Anki.Columns.note')}</th>
              <th scope="col">{t('Import.Columns.term')}</th>
              <th scope="col">{t('Import.Columns.definitions')}</th>
              <th scope="col">{t('Import.Columns.examples')}</th>
              <th scope="col">{t('Import.Columns.status')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.line} className={ROW_CLASS[row.status]} data-status={row.status}>
                <td className={TABULAR_NUMS}>{row.line}</td>
                <td>{row.term}</td>
                <td>{row.definitions.join(', ')}</td>
                <td>{row.examples.join(' · ')}</td>
                <td>
                  <span className={styles.status}>{t(`Anki.Status.${row.status}`)}</span>
                  <ImportRowProblems problems={row.problems} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > shown.length && (
        <p className={styles.hint}>{t('Anki.MoreRows', { shown: shown.length, total: rows.length })}</p>
      )}
    </>
  );
}
