import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../../http';
import { currentLanguage } from '../../i18n';
import { formatBytes } from '../../lib/formatBytes';
import { ProgressBar } from '../ProgressBar/ProgressBar';
import { Spinner } from '../Spinner/Spinner';
import styles from './UploadStatus.module.css';

interface UploadStatusProps {
  /** How much of the body has gone out; null before the first report, or where none comes. */
  progress: UploadProgress | null;
  /** What the server does once it has the whole body, e.g. "Reading the package…". */
  afterUpload: string;
}

/**
 * A request with a big body on its way: a bar with the bytes sent while the body goes out, then
 * what the server is doing with it. Announced politely, as a status.
 */
export function UploadStatus({ progress, afterUpload }: UploadStatusProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const sending = progress !== null && progress.sent < progress.total;
  const sentText = progress
    ? t('Common.Upload.Sent', {
        sent: formatBytes(progress.sent, language),
        total: formatBytes(progress.total, language),
      })
    : '';
  return (
    <div role="status" className={styles.status} data-testid="upload-status">
      {sending ? (
        <>
          <ProgressBar
            value={progress.sent}
            max={progress.total}
            label={t('Common.Upload.Label')}
            valueText={sentText}
          />
          <span className={styles.text}>{sentText}</span>
        </>
      ) : (
        <span className={styles.text}>
          <Spinner size="sm" />
          {afterUpload}
        </span>
      )}
    </div>
  );
}
