import type { ExportFormat } from '@wordhoard/shared';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../../../shared/lib/saveFile';
import { Button } from '../../../shared/ui';
import { useDictionaryExport } from '../api/files';

export const EXPORT_FORMATS = ['csv', 'json', 'apkg'] as const satisfies readonly ExportFormat[];

/** Downloads the dictionary in a format; `pending` is the format in flight (null when idle). */
export function useExportDownload(dictionaryId: string) {
  const exportDictionary = useDictionaryExport();
  const { pending, download } = useFileDownload<ExportFormat>();
  const start = (format: ExportFormat) => {
    void download(format, () => exportDictionary(dictionaryId, format));
  };
  return { pending, start };
}

/** Downloads the dictionary as CSV (spreadsheets, other apps), JSON (every field) or an Anki package. */
export function ExportButtons({ dictionaryId }: { dictionaryId: string }) {
  const { t } = useTranslation();
  const { pending, start } = useExportDownload(dictionaryId);

  return (
    <>
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          variant="secondary"
          icon={<Download />}
          busy={pending === format}
          disabled={pending !== null && pending !== format}
          onClick={() => start(format)}
        >
          {t(`Export.${format}`)}
        </Button>
      ))}
    </>
  );
}
