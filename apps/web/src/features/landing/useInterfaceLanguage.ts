import type { Language } from '@wordhoard/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage, switchLanguage } from '../../shared/i18n';
import { useServices } from '../../shared/services';
import { useUser } from '../../shared/session';
import { useUpdateMe } from '../../shared/api/account';

/**
 * The interface language and a way to change it at once (SPEC §1). A signed-in user's choice
 * is also saved to the account (PATCH /users/me), so it follows them to other devices.
 */
export function useInterfaceLanguage(): [Language, (next: Language) => Promise<void>] {
  const { i18n } = useTranslation();
  const { session } = useServices();
  const updateMe = useUpdateMe();
  const user = useUser();

  async function choose(next: Language) {
    await switchLanguage(i18n, next);
    if (!user || user.interfaceLanguage === next) return;
    try {
      // One save at a time: a quicker second choice aborts the first.
      const updated = await updateMe({ interfaceLanguage: next }, { key: 'interfaceLanguage' });
      await session.setUser(updated);
    } catch {
      // The http client has shown what went wrong; the interface stays in the chosen language.
    }
  }

  return [currentLanguage(i18n), choose];
}
