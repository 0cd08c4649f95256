import type { ExportFormat } from '@wordhoard/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../shared/lib/saveFile';
import { Button } from '../../../shared/ui';
import { useDictionaryExport } from '../api/files';

/** Downloads the dictionary as CSV (spreadsheets, other apps) or JSON (every field). */
export function ExportButtons({ dictionaryId }: { dictionaryId: string }) {
  const { t } = useTranslation();
  const exportDictionary = useDictionaryExport();
  const [pending, setPending] = useState<ExportFormat | null>(null);

  async function download(format: ExportFormat) {
    setPending(format);
    try {
      const file = await exportDictionary(dictionaryId, format);
      saveFile(file.blob, file.fileName);
    } catch {
      // The error modal says why.
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      {(['csv', 'json'] as const).map((format) => (
        <Button
          key={format}
          variant="secondary"
          icon={<Download />}
          disabled={pending !== null}
          aria-busy={pending === format}
          onClick={() => void download(format)}
        >
          {t(`Export.${format}`)}
        </Button>
      ))}
    </>
  );
}
