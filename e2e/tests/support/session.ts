import type { Page } from '@playwright/test';

/**
 * Signs the page's browser context in as a guest through the API (the same cookie the guest
 * screen would get), for tests about screens behind sign-in.
 */
export async function enterAsGuest(page: Page, interfaceLanguage = 'en'): Promise<void> {
  const response = await page.request.post('/api/auth/guest', { data: { interfaceLanguage } });
  if (response.status() !== 201)
    throw new Error(`guest entry failed: ${response.status()} ${await response.text()}`);
}
