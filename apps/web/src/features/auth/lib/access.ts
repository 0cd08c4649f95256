import { useState } from 'react';
import { readRuntimeConfig, type SignupMode } from '../../../shared/config/runtimeConfig';

/**
 * Who may come in on this server (SIGNUP_MODE, GUEST_ACCESS; docs/decisions/0081-private-
 * instance.md), read once from the page. Screens hide the doors that are shut; the server
 * refuses them anyway.
 */
export function useAccess(): { signupMode: SignupMode; guestAccess: boolean } {
  const [access] = useState(() => {
    const { signupMode, guestAccess } = readRuntimeConfig();
    return { signupMode, guestAccess };
  });
  return access;
}
