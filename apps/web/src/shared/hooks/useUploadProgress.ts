import { useCallback, useState } from 'react';
import type { UploadProgress } from '../http';

/**
 * The progress of the upload a screen is sending: `start` when it begins (with its size when
 * known, so the bar is there from the first frame, before the request has even left), `track`
 * goes to the request as its `onUploadProgress`.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const track = useCallback((next: UploadProgress) => setProgress(next), []);
  const start = useCallback((total: number | null) => setProgress(total ? { sent: 0, total } : null), []);
  return { progress, track, start };
}
