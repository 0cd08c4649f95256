import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadProgress } from '../../../shared/http';
import { useServices } from '../../../shared/services';
import { inline } from './inline';
import { dictionaryKeys } from './queryKeys';

/**
 * Anki packages (docs/decisions/0061-anki-import-export.md): the server reads the .apkg, so
 * the page sends the file as it is — the body of an upload, not base64 in JSON (decision
 * 0077) — and shows what the server found.
 */

/**
 * The chosen file as the upload's body: browsers give an .apkg no type, or a zip type of their
 * own choosing, so it goes as application/octet-stream (read when sent, never copied).
 */
export const asPackageUpload = (file: Blob): Blob => file.slice(0, file.size, 'application/octet-stream');

/** A package to send, and who is told how its upload goes (a bar on the page). */
export interface PackageUpload {
  file: Blob;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** POST /dictionaries/:id/import/anki/preview: what importing the package would do. */
export function useAnkiPreview(id: string) {
  const services = useServices();
  return useMutation({
    mutationFn: ({ file, onUploadProgress }: PackageUpload) =>
      inline(services, () =>
        services.http.request('previewAnkiImport', {
          params: { id },
          body: file,
          silent: true,
          onUploadProgress,
        }),
      ),
  });
}

/** POST /dictionaries/:id/import/anki: the package's notes added as words. */
export function useImportAnki(id: string) {
  const services = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onUploadProgress }: PackageUpload) =>
      inline(services, () =>
        services.http.request('importAnki', { params: { id }, body: file, silent: true, onUploadProgress }),
      ),
    onSuccess: async () => {
      for (const queryKey of [dictionaryKeys.detail(id), dictionaryKeys.lists()]) {
        queryClient.removeQueries({ queryKey, type: 'inactive' });
        await queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    },
  });
}
