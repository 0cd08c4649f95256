import { contentLanguageSchema, testerOptionsSchema } from '@wordhoard/shared';
import { z } from 'zod';
import { ACTIVE_TEST_STORAGE_KEY, type ActiveTest } from './activeTest';

const activeTestSchema = z.object({
  userId: z.string(),
  options: testerOptionsSchema,
  promptLanguage: contentLanguageSchema.optional(),
  answerLanguage: contentLanguageSchema.optional(),
});

/** The test `userId` started in this tab, if the tab remembers one. */
export function readActiveTest(userId: string | undefined): ActiveTest | null {
  if (userId === undefined) return null;
  try {
    const raw = window.sessionStorage.getItem(ACTIVE_TEST_STORAGE_KEY);
    if (raw === null) return null;
    const parsed = activeTestSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.userId === userId ? parsed.data : null;
  } catch {
    // Storage may be disabled or hold something unreadable; both mean "unknown".
    return null;
  }
}
