import type { Locator, Page } from '@playwright/test';

/**
 * One of a dictionary page's secondary actions (progress, edit info, import, export, delete):
 * a button or link on a wide screen; on a phone (below 768 px) an item of the "More" menu,
 * which is opened first.
 */
export async function dictionaryAction(page: Page, role: 'link' | 'button', name: string): Promise<Locator> {
  if ((page.viewportSize()?.width ?? 1280) >= 768) return page.getByRole(role, { name, exact: true });
  await page.getByRole('button', { name: 'More', exact: true }).click();
  return page.getByRole('menuitem', { name, exact: true });
}
