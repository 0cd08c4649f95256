import { UnauthorizedError } from '../../../shared/http';
import type { Services } from '../../../shared/services';

/**
 * Runs a request whose failure the screen shows itself, next to what the user typed, instead
 * of in the global error modal (the request must be sent with `silent: true`). A lost session
 * still takes the Unauthorized path of SPEC §8.
 */
export async function inline<T>(
  services: Pick<Services, 'errors' | 'session'>,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UnauthorizedError) {
      services.errors.report(error);
      services.session.end();
    }
    throw error;
  }
}
