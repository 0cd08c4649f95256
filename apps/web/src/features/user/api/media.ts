import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../shared/services';

/** Under ['account'] so that logging out clears it with the rest. */
export const mediaUsageKey = ['account', 'media'] as const;

/** GET /users/me/media: the bytes of the account's pictures and recordings, and the plan's quota. */
export function useMediaUsage() {
  const { http } = useServices();
  return useQuery({
    queryKey: mediaUsageKey,
    queryFn: ({ signal }) => http.request('mediaUsage', { signal }),
    // Uploads on other screens change it: asked again whenever the page opens.
    staleTime: 0,
  });
}
