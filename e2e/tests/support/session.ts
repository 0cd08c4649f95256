import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode } from './mailbox';

/**
 * Signs the page's browser context in as a guest through the API (the same cookie the guest
 * screen would get), for tests about screens behind sign-in.
 */
export async function enterAsGuest(page: Page, interfaceLanguage = 'en'): Promise<void> {
  const response = await page.request.post('/api/auth/guest', { data: { interfaceLanguage } });
  if (response.status() !== 201)
    throw new Error(`guest entry failed: ${response.status()} ${await response.text()}`);
}

/**
 * A finished account (signed up, verified, policies accepted) made through the API; `request`
 * signs in the context it belongs to (page.request shares the page's cookies).
 */
export async function signUpMember(
  request: APIRequestContext,
  email: string,
  password = 'Secret123',
): Promise<void> {
  const signup = await request.post('/api/auth/signup', { data: { email, password } });
  expect(signup.status(), await signup.text()).toBe(201);
  const verify = await request.post('/api/auth/verify', { data: { code: await latestCode(email) } });
  expect(verify.status(), await verify.text()).toBe(200);
  const accept = await request.patch('/api/users/accept-policy');
  expect(accept.status(), await accept.text()).toBe(204);
}
