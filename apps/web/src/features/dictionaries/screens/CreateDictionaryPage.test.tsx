import { screen, waitFor } from '@testing-library/react';
import type { Role } from '@wordhoard/shared';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { sent } from '../test/arrange';

describe('Create dictionary at the role’s limit', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  /** Signs in as `role` and fills its dictionary limit, then opens the create page. */
  async function openAtLimit(role: Role) {
    const user = await browser.signIn(role);
    for (let made = 0; made < user.limits.dictionaries; made += 1) {
      await createDictionary(server, browser, { name: `Dictionary ${made + 1}` });
    }
    await renderApp({ path: '/dictionaries/create', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Create dictionary' });
  }

  it('says so when the page opens, with the way to Premium for a user', async () => {
    await openAtLimit('user');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'You have reached your dictionary limit' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('For the "User" role, the maximum number of dictionaries is set to 2'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get more with Premium' })).toHaveAttribute('href', '/plans');
    expect(screen.getByRole('link', { name: 'All dictionaries' })).toHaveAttribute('href', '/dictionaries');
    // Nothing to fill in that could only be refused.
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(sent(browser, 'POST', '/api/dictionaries')).toHaveLength(0);
  });

  it.each([
    ['guest', 'For the "Guest" role, the maximum number of dictionaries is set to 1'],
    ['premium', 'For the "Premium" role, the maximum number of dictionaries is set to 10'],
  ] as const)('tells a %s without offering the plans', async (role, message) => {
    await openAtLimit(role);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get more with Premium' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });

  it('offers the form below the limit', async () => {
    await browser.signIn('user');
    await createDictionary(server, browser);
    await renderApp({ path: '/dictionaries/create', apiUrl: server.apiUrl, fetch: browser.fetch });

    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    // The count has come (the page asked for it) and leaves the form in place.
    await screen.findByRole('button', { name: 'Create' });
    expect(sent(browser, 'GET', '/api/dictionaries?limit=1')).toHaveLength(1);
    expect(screen.queryByText('You have reached your dictionary limit')).not.toBeInTheDocument();
  });
});

describe('Create dictionary: the languages it starts with', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  const open = async () => {
    await renderApp({ path: '/dictionaries/create', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Create dictionary' });
  };
  const terms = () => screen.getByRole('combobox', { name: 'Terms language' });
  const definitions = () => screen.getByRole('combobox', { name: 'Definitions language' });

  it('explains a first dictionary in the interface language, with terms in another one', async () => {
    await browser.signIn('user');
    await open();

    await waitFor(() => expect(sent(browser, 'GET', '/api/dictionaries?limit=1')).toHaveLength(1));
    expect(definitions()).toHaveValue('English');
    expect(terms()).toHaveValue('Spanish');
  });

  it('starts with the languages of the dictionary the learner changed last, on any device', async () => {
    await browser.signIn('premium');
    await createDictionary(server, browser, { name: 'Older', fromLanguage: 'de', toLanguage: 'pl' });
    // The server's clock stands still until moved: two dictionaries made at one instant tie.
    server.clock.advance(60_000);
    await createDictionary(server, browser, { name: 'Latest', fromLanguage: 'fr', toLanguage: 'it' });
    await open();

    await waitFor(() => expect(terms()).toHaveValue('French'));
    expect(definitions()).toHaveValue('Italian');
  });
});
