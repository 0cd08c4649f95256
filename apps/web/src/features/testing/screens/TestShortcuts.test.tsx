import { act, screen, waitFor, within } from '@testing-library/react';
import type { Dictionary, TesterOptions, User } from '@wordhoard/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { allWords, memberWithDictionary, startTest } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { anotherTab, rememberTest } from '../test/arrange';

describe('keyboard shortcuts of the test screens (decision 0052)', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  let user: User;
  let dictionary: Dictionary;
  let options: TesterOptions;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  // A test of "house" and "cat" into German, started and remembered by this tab.
  beforeEach(async () => {
    ({ browser, user, dictionary } = await memberWithDictionary(server, [
      { term: 'house', definitions: ['Haus', 'Gebäude'] },
      { term: 'cat', definitions: ['Katze'] },
    ]));
    options = allWords(dictionary);
    await startTest(server, browser, options);
    rememberTest(user, dictionary, options);
  });

  afterEach(() => {
    window.sessionStorage.clear();
  });

  const open = (path = '/testing') => renderApp({ path, apiUrl: server.apiUrl, fetch: browser.fetch });
  const answerField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Your answer' });
  const posts = (url: string) =>
    browser.requests.filter((request) => request.method === 'POST' && request.url === url);

  async function openRunner() {
    const rendered = await open();
    await screen.findByText('house');
    expect(answerField()).toHaveFocus();
    return rendered;
  }

  it('skips with S when the focus is outside the answer field, and types "s" inside it', async () => {
    const { user: person, router } = await openRunner();
    const check = screen.getByRole('button', { name: 'Check' });
    expect(screen.getByRole('button', { name: 'Skip' })).toHaveAttribute('aria-keyshortcuts', 'S Alt+S');

    await person.keyboard('s');
    expect(answerField()).toHaveValue('s');
    expect(posts('/api/testing/skip')).toHaveLength(0);

    act(() => check.focus());
    await person.keyboard('s');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/skip'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Skipped word' })).toBeInTheDocument();
    expect(posts('/api/testing/skip')).toHaveLength(1);
    // The answer typed before the skip was not sent as one.
    expect(posts('/api/testing')).toHaveLength(0);
  });

  it('skips with Alt+S from inside the answer field', async () => {
    const { user: person, router } = await openRunner();

    await person.type(answerField(), 'Ha');
    await person.keyboard('{Alt>}s{/Alt}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/skip'));
    expect(posts('/api/testing/skip')).toHaveLength(1);
    expect((await anotherTab(server, browser).state()).test?.term).toBe('cat');
  });

  it('moves on from the skipped word with N', async () => {
    const { user: person, router } = await openRunner();
    await person.keyboard('{Alt>}s{/Alt}');
    const next = await screen.findByRole('button', { name: 'Next word' });
    await waitFor(() => expect(next).toHaveFocus());
    expect(next).toHaveAttribute('aria-keyshortcuts', 'N');

    await person.keyboard('n');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(await screen.findByText('cat')).toBeInTheDocument();
  });

  it('opens the list of shortcuts with "?" outside the field; Escape closes it where the focus was', async () => {
    const { user: person, router } = await openRunner();
    const check = screen.getByRole('button', { name: 'Check' });

    // In the field "?" is a character of the answer.
    await person.keyboard('?');
    expect(answerField()).toHaveValue('?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => check.focus());
    await person.keyboard('?');

    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const row = (action: string) => within(dialog).getByText(action).closest('div');
    expect(row('Check the answer (in the answer field)')).toHaveTextContent('Enter');
    expect(row('Skip the word')).toHaveTextContent('SorAlt+S');
    expect(row('Read the word aloud')).toHaveTextContent('PorAlt+P');
    expect(row('Type special letter 1 to 9 of the bar')).toHaveTextContent('Alt+1…Alt+9');
    expect(row('Next word or continue')).toHaveTextContent('N');
    expect(row('Try the word again')).toHaveTextContent('R');
    expect(row('Start the same test again')).toHaveTextContent('R');
    expect(row('Set up a new test')).toHaveTextContent('N');
    expect(row('Show this list')).toHaveTextContent('?');
    // The screen's own keys rest while the list is open.
    await person.keyboard('s');
    expect(router.state.location.pathname).toBe('/testing');

    await person.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(check).toHaveFocus();
    expect(posts('/api/testing/skip')).toHaveLength(0);
  });

  it('inserts the n-th accent letter at the caret with Alt+n', async () => {
    const { user: person } = await openRunner();
    expect(screen.getByRole('button', { name: 'Insert ö' })).toHaveAttribute('aria-keyshortcuts', 'Alt+2');

    await person.type(answerField(), 'Mdchen');
    await person.keyboard('{ArrowLeft>5/}');
    expect(answerField().selectionStart).toBe(1);
    await person.keyboard('{Alt>}1{/Alt}');

    expect(answerField()).toHaveValue('Mädchen');
    expect(answerField()).toHaveFocus();
    expect(answerField().selectionStart).toBe(2);
  });

  it('starts the same test again with R on the report', async () => {
    await anotherTab(server, browser).finish();
    const { user: person, router } = await open('/testing/finish');
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveAttribute('aria-keyshortcuts', 'R');
    // From anywhere outside a text field, not only from the button.
    act(() => screen.getByRole('link', { name: 'New test' }).focus());

    await person.keyboard('r');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(posts('/api/tester').map((request) => JSON.parse(request.body) as TesterOptions)).toEqual([
      options,
    ]);
    expect(await screen.findByText('Word 1 of 2')).toBeInTheDocument();
  });

  it('tries a wrongly answered word again with R, or moves on with N', async () => {
    const { user: person, router } = await openRunner();
    await person.type(answerField(), 'Hund{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/check'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus());

    await person.keyboard('r');
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    await screen.findByText('house');
    await person.type(answerField(), 'Hund{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/check'));
    await screen.findByRole('button', { name: 'Next word' });

    await person.keyboard('n');

    expect(await screen.findByText('cat')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/testing');
    expect(posts('/api/testing/skip')).toHaveLength(1);
  });
});
