import { runtimeConfigMeta } from '../../../server/src/app';
import type { ApiServer } from './apiServer';

/**
 * Puts the deployment settings `server` writes into the index.html it serves (its meta tags:
 * Google client id, whether translation is configured…) into this document, as the real page
 * would carry them. Returns how to take them out again.
 */
export function addPageSettingsOf(server: ApiServer): () => void {
  const template = document.createElement('template');
  template.innerHTML = runtimeConfigMeta(server.t.config);
  const tags = [...template.content.children];
  document.head.append(...tags);
  return () => tags.forEach((tag) => tag.remove());
}
