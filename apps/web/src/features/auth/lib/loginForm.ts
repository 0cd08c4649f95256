import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@wordhoard/shared';

/** The login form's validation: loaded by LoginPage once the learner starts on the form. */
export const loginResolver = zodResolver(loginBodySchema);
