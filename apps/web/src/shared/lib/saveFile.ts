import { useCallback, useState } from 'react';
import type { DownloadedFile } from '../http';

/** Hands a downloaded file to the browser's save dialog (or its downloads bar). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A download button's state: `download(key, fetch)` fetches one file and saves it; `pending` is
 * the key in flight (null when idle). A failure is told by the error modal, so it is not
 * rethrown here.
 */
export function useFileDownload<K extends string = 'file'>() {
  const [pending, setPending] = useState<K | null>(null);
  const download = useCallback(async (key: K, fetchFile: () => Promise<DownloadedFile>) => {
    setPending(key);
    try {
      const file = await fetchFile();
      saveFile(file.blob, file.fileName);
    } catch {
      // The error modal says why.
    } finally {
      setPending(null);
    }
  }, []);
  return { pending, download };
}
