import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../test/apiServer';
import { createDictionary } from '../test/arrange';
import { renderApp } from '../test/render';

const OFFLINE = "Can't reach Wordhoard — check your connection.";
const LIST_FAILED = 'The dictionaries could not be loaded';

describe('a lost connection', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  /** The app on the main menu, every request settled, then the network goes down. */
  const openThenLoseTheNetwork = async () => {
    await browser.signIn();
    // Retries and probes 50 ms apart instead of seconds: the same sequence of requests, sooner.
    const rendered = await renderApp({
      path: '/menu',
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
      retryMs: 50,
    });
    await screen.findByRole('heading', { level: 1, name: 'Main menu' });
    await waitFor(() => expect(rendered.queryClient.isFetching()).toBe(0));
    browser.offline = true;
    return rendered;
  };
  const listRequests = () =>
    browser.requests.filter((request) => request.url.startsWith('/api/dictionaries?'));
  const probes = () => browser.requests.filter((request) => request.url === '/api/health');

  it('is told once in words, stays closed once dismissed while retries fail, and the app recovers by itself', async () => {
    const { router, user } = await openThenLoseTheNetwork();

    await act(() => router.navigate('/dictionaries'));

    const modal = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(modal).toHaveTextContent(OFFLINE);
    expect(document.body).not.toHaveTextContent('Failed to fetch');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The screen's own retries fail too, and so does a Retry: the notice stays closed, and the
    // failure in place says the same words.
    await screen.findByRole('heading', { name: LIST_FAILED });
    const tried = listRequests().length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(tried));
    await screen.findByRole('heading', { name: LIST_FAILED });
    expect(screen.getByText(OFFLINE)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Failed to fetch');

    // The server can be reached again: the list loads with no click.
    await waitFor(() => expect(probes().length).toBeGreaterThan(0));
    browser.offline = false;
    await createDictionary(server, browser, { name: 'Back again' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Back again' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the notice by itself when the server answers again, and tells a later loss again', async () => {
    const { router, queryClient } = await openThenLoseTheNetwork();
    await act(() => router.navigate('/dictionaries'));
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toHaveTextContent(OFFLINE);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    // Still down when the app asks again a few seconds later: an outage, not a lost request.
    await waitFor(() => expect(probes().length).toBeGreaterThan(0));

    browser.offline = false;

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'No dictionaries yet' })).toBeVisible();

    // A new loss is a new notice.
    browser.offline = true;
    await act(() => queryClient.invalidateQueries());
    const again = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(again).toHaveTextContent(OFFLINE);
  });

  it('is told in the interface language', async () => {
    const { router, i18n } = await openThenLoseTheNetwork();
    await act(() => i18n.changeLanguage('de'));

    await act(() => router.navigate('/dictionaries'));

    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByText(/Wordhoard ist gerade nicht erreichbar/)).toBeInTheDocument();
  });

  it('shows the words, not the browser message, where a form tells its own failure', async () => {
    await browser.signIn();
    const { user } = await renderApp({
      path: '/dictionaries/create',
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Create dictionary' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Tiere');
    browser.offline = true;

    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText(OFFLINE)).toBeVisible();
    expect(document.body).not.toHaveTextContent('Failed to fetch');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Tiere');
  });
});
