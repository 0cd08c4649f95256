import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../shared/services';
import { inline } from './inline';
import { dictionaryKeys } from './queryKeys';

/**
 * Anki packages (docs/decisions/0061-anki-import-export.md): the server reads the .apkg, so
 * the page sends the file as it is, base64 in the JSON body, and shows what the server found.
 */

/** A file's bytes as base64 (without the `data:` prefix of a data URL). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** POST /dictionaries/:id/import/anki/preview: what importing the package would do. */
export function useAnkiPreview(id: string) {
  const services = useServices();
  return useMutation({
    mutationFn: (file: string) =>
      inline(services, () =>
        services.http.request('previewAnkiImport', { params: { id }, body: { file }, silent: true }),
      ),
  });
}

/** POST /dictionaries/:id/import/anki: the package's notes added as words. */
export function useImportAnki(id: string) {
  const services = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: string) =>
      inline(services, () =>
        services.http.request('importAnki', { params: { id }, body: { file }, silent: true }),
      ),
    onSuccess: async () => {
      for (const queryKey of [dictionaryKeys.detail(id), dictionaryKeys.lists()]) {
        queryClient.removeQueries({ queryKey, type: 'inactive' });
        await queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    },
  });
}
