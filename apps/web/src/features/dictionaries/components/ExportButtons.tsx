import type { ExportFormat } from '@wordhoard/shared';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../../../shared/lib/saveFile';
import { Button } from '../../../shared/ui';
import { useDictionaryExport } from '../api/files';

/** Downloads the dictionary as CSV (spreadsheets, other apps) or JSON (every field). */
export function ExportButtons({ dictionaryId }: { dictionaryId: string }) {
  const { t } = useTranslation();
  const exportDictionary = useDictionaryExport();
  const { pending, download } = useFileDownload<ExportFormat>();

  return (
    <>
      {(['csv', 'json'] as const).map((format) => (
        <Button
          key={format}
          variant="secondary"
          icon={<Download />}
          disabled={pending !== null}
          aria-busy={pending === format}
          onClick={() => void download(format, () => exportDictionary(dictionaryId, format))}
        >
          {t(`Export.${format}`)}
        </Button>
      ))}
    </>
  );
}
