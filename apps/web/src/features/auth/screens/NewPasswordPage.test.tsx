import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_WINDOW_MS } from '../../../../../server/src/features/session/session.service';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import { bodiesOf, mailedRestoreCode, requestLog, signedUpAccount } from '../test/arrange';

/**
 * The session a restore code signed in may set a password without the old one only for a
 * short while (docs/decisions/0016); after that the page says so instead of asking for a
 * password the visitor has forgotten.
 */
describe('new password after a restore code', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({ mail: true }, (...started) => ([server, browser] = started));

  it('sends only the new password, and when the leave is over points to a new code', async () => {
    const { email } = await signedUpAccount(server);
    const code = await mailedRestoreCode(server, email);
    const { user, router, services } = await renderApp({
      path: '/auth/forgetPassword/code',
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Code'), code);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

    // The visitor stays away longer than the restore code's leave.
    server.clock.advance(PASSWORD_RESET_WINDOW_MS + 1000);
    await user.type(screen.getByLabelText('New password'), 'NewSecret9');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    const notice = await screen.findByText(
      /The time to set a new password has run out\. Please request a new code\./,
    );
    // Announced politely, not thrown at the visitor in the error modal.
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save password' })).toBeDisabled();
    expect(bodiesOf(browser, 'POST /api/auth/password')).toEqual([{ password: 'NewSecret9' }]);

    // Starting over signs the restored session out, and keeps the address.
    await user.click(screen.getByRole('button', { name: 'Request a new code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgetPassword');
    expect(screen.getByLabelText('Email')).toHaveValue(email);
    expect(requestLog(browser)).toContain('DELETE /api/cookie/token');
    expect(services.session.getUser()).toBeNull();
    expect(browser.cookie()).toBe('');
  });
});
