import type { ExportFormat } from '@wordhoard/shared';
import { useServices } from '../../../shared/services';

/** GET /dictionaries/:id/export: the dictionary as a CSV or JSON file, ready to save. */
export function useDictionaryExport() {
  const { http } = useServices();
  return (dictionaryId: string, format: ExportFormat) =>
    http.download('exportDictionary', { params: { id: dictionaryId }, query: { format } });
}

/** GET /users/me/reviews: every review of the account, as the FSRS optimizer's CSV file. */
export function useReviewLogExport() {
  const { http } = useServices();
  return () => http.download('exportReviewLog');
}
