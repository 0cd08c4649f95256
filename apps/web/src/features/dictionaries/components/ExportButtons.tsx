import type { ExportFormat } from '@wordhoard/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../shared/lib/saveFile';
import { useServices } from '../../../shared/services';
import { Button } from '../../../shared/ui';

/** Downloads the dictionary as CSV (spreadsheets, other apps) or JSON (every field). */
export function ExportButtons({ dictionaryId }: { dictionaryId: string }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [pending, setPending] = useState<ExportFormat | null>(null);

  async function download(format: ExportFormat) {
    setPending(format);
    try {
      const file = await http.download('exportDictionary', {
        params: { id: dictionaryId },
        query: { format },
      });
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
