import { screen, within } from '@testing-library/react';
import type { Role } from '@wordhoard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { spendAttempts } from '../test/arrange';

// The learner lives in Tokyo (UTC+9, no summer time): the server's day, UTC's, ends at 09:00
// their time, never at midnight.
const processZone = process.env.TZ;
process.env.TZ = 'Asia/Tokyo';

/** When today's attempts come back, as the learner in Tokyo reads it. */
function expectedReset(): RegExp {
  const day = new Date().getHours() < 9 ? 'today' : 'tomorrow';
  return new RegExp(`New attempts ${day} at 9:00\\sAM\\.`);
}

describe('the daily tests cap', () => {
  let server: ApiServer;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(async () => {
    await server.close();
    process.env.TZ = processZone;
  });

  /** A browser of `role` whose attempts for today are all used, on the tester screen. */
  async function atCap(role: Role) {
    const browser = server.browser();
    const user = await browser.signIn(role);
    const dictionary = await createDictionary(server, browser, {
      words: [{ term: 'cat', definitions: ['Katze'] }],
    });
    await spendAttempts(server, browser, dictionary, user.limits.testsPerDay);
    await renderApp({ path: '/createTester', apiUrl: server.apiUrl, fetch: browser.fetch });
    const message = await screen.findByText(/^The maximum testing attempts for today is reached\./);
    return { message, problem: message.closest('[role="alert"]') as HTMLElement };
  }

  it('says when the attempts come back, in local time, and offers a user Premium', async () => {
    const { message, problem } = await atCap('user');

    expect(message).toHaveTextContent(expectedReset());
    expect(message).not.toHaveTextContent(/12:00\sAM/);
    expect(within(problem).getByRole('link', { name: 'Get more with Premium' })).toHaveAttribute(
      'href',
      '/plans',
    );
    expect(screen.getByRole('button', { name: 'Start the test' })).toHaveAccessibleDescription(
      expectedReset(),
    );
  });

  it.each(['premium', 'developer'] as const)('offers no plans to a %s', async (role) => {
    const { message, problem } = await atCap(role);

    expect(message).toHaveTextContent(expectedReset());
    expect(within(problem).queryByRole('link')).not.toBeInTheDocument();
  });
});
