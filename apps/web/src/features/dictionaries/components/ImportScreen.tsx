import { ArrowLeft, CircleAlert, FileUp, Upload } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Page } from '../../../shared/ui';
import { UploadStatus } from '../../../shared/ui/UploadStatus/UploadStatus';
import { useImportSource, type ImportSourceOptions } from '../lib/useImportSource';
import styles from '../screens/ImportPage.module.css';
import { ImportFormatOptions } from './ImportFormatOptions';
import { ImportPreview } from './ImportPreview';
import { ImportReport } from './ImportReport';

interface ImportScreenProps extends ImportSourceOptions {
  title: string;
  back: string;
  children?: ReactNode;
}

/** The import screen both routes share: source, format, preview and the save bar. */
export function ImportScreen({
  title,
  back,
  context,
  onImport,
  validate,
  onServerFieldError,
  onSourceInfo,
  children,
}: ImportScreenProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const {
    text,
    setText,
    fileName,
    fileError,
    settings,
    update,
    parsed,
    preview,
    stale,
    chooseFile,
    save,
    saving,
    uploadProgress,
    saveError,
    report,
  } = useImportSource({ context, onImport, validate, onServerFieldError, onSourceInfo });
  const { counts } = preview;

  if (report) {
    return (
      <Page title={title} width="wide">
        <ImportReport report={report} />
      </Page>
    );
  }

  return (
    <Page title={title} lead={t('Import.Lead')} width="wide">
      <Button variant="ghost" size="sm" to={back} icon={<ArrowLeft />} className={styles.back}>
        {t('Import.Back')}
      </Button>
      {children}

      <Card as="section" className={styles.section} aria-labelledby="import-source-title">
        <h2 id="import-source-title" className={styles.sectionTitle}>
          {t('Import.SourceTitle')}
        </h2>
        <div className={styles.fileRow}>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,text/plain,application/json"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="import-file"
            onChange={(event) => void chooseFile(event)}
          />
          <Button variant="secondary" icon={<FileUp />} onClick={() => fileInput.current?.click()}>
            {t('Import.ChooseFile')}
          </Button>
          <span className={styles.fileName}>{fileName ?? t('Import.NoFile')}</span>
        </div>
        {fileError && (
          <p role="alert" className={styles.error}>
            <CircleAlert aria-hidden="true" /> {fileError}
          </p>
        )}
        <div className={styles.field}>
          <label htmlFor={textId} className={styles.label}>
            {t('Import.TextLabel')}
          </label>
          <p id={`${textId}-hint`} className={styles.hint}>
            {t('Import.TextHint')}
          </p>
          <textarea
            id={textId}
            className={styles.textarea}
            value={text}
            rows={8}
            spellCheck={false}
            aria-describedby={`${textId}-hint`}
            placeholder={t('Import.TextPlaceholder')}
            onChange={(event) => setText(event.target.value)}
          />
        </div>

        <ImportFormatOptions settings={settings} update={update} />
      </Card>

      <ImportPreview parsed={parsed} preview={preview} stale={stale} />

      <div className={styles.saveBar}>
        {preview.blocked && <p className={styles.hint}>{t('Import.FixFirst')}</p>}
        {preview.blocked && counts.ready > 0 && (
          <Button
            variant="secondary"
            size="lg"
            busy={saving}
            disabled={stale}
            onClick={() => void save({ skipInvalid: true })}
          >
            {t('Import.SkipInvalid')}
          </Button>
        )}
        {saveError && (
          <p role="alert" className={styles.error}>
            <CircleAlert aria-hidden="true" /> {saveError}
          </p>
        )}
        {saving && <UploadStatus progress={uploadProgress} afterUpload={t('Import.Saving')} />}
        <Button
          size="lg"
          icon={<Upload />}
          busy={saving}
          disabled={stale || preview.blocked || counts.ready === 0}
          onClick={() => void save()}
        >
          {saving ? t('Import.Saving') : t('Import.Submit')}
        </Button>
      </div>
    </Page>
  );
}
