import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { CONTENT_LANGUAGES } from '@wordhoard/shared';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { slowNetwork } from '../../../test/slowNetwork';
import { anotherTab, sent } from '../test/arrange';

/** Opens a language list, types `typed`, and clicks the option named `name`. */
async function pick(user: UserEvent, label: string, typed: string, name: string) {
  const field = screen.getByRole('combobox', { name: label });
  await user.click(field);
  await user.keyboard(typed);
  await user.click(
    within(screen.getByRole('listbox', { name: label })).getByRole('option', {
      name: new RegExp(`^${name}`),
    }),
  );
  expect(field).toHaveValue(name);
}

describe('Create dictionary and edit its info', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  const open = async (path: string, title: string) => {
    const rendered = await renderApp({ path, apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: title });
    return rendered;
  };

  it('offers every ISO 639-1 language in a searchable list and validates the name with the shared rules', async () => {
    await browser.signIn();
    const { user } = await open('/dictionaries/create', 'Create dictionary');
    const terms = screen.getByRole('combobox', { name: 'Terms language' });
    expect(terms).toHaveValue('Spanish');
    await user.click(terms);
    const list = screen.getByRole('listbox', { name: 'Terms language' });
    expect(within(list).getAllByRole('option')).toHaveLength(CONTENT_LANGUAGES.length);
    expect(within(list).getByRole('option', { selected: true })).toHaveTextContent('Spanish');
    await user.keyboard('{Escape}');
    expect(list).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The field is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Tiere <3');
    expect(await screen.findByText('Contains one or more forbidden characters')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x'.repeat(32));
    expect(await screen.findByText('Should be at most 31 characters')).toBeInTheDocument();
    expect(sent(browser, 'POST', '/api/dictionaries')).toHaveLength(0);
  });

  it('creates the dictionary and opens it', async () => {
    await browser.signIn();
    const { user, router } = await open('/dictionaries/create', 'Create dictionary');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Tiere');
    await pick(user, 'Terms language', 'germ', 'German');
    await pick(user, 'Definitions language', 'pol', 'Polish');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const saved = () => anotherTab(server, browser).dictionaries();
    await waitFor(async () => expect(await saved()).toHaveLength(1));
    const [created] = await saved();
    expect(created).toMatchObject({ name: 'Tiere', fromLanguage: 'de', toLanguage: 'pl' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${created?.id ?? '?'}`));
    expect(JSON.parse(sent(browser, 'POST', '/api/dictionaries')[0]!.body)).toEqual({
      name: 'Tiere',
      fromLanguage: 'de',
      toLanguage: 'pl',
      examDate: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tiere' })).toBeInTheDocument();
  });

  it('creates a Japanese–English dictionary through the keyboard, finding the language by any of its names', async () => {
    await browser.signIn();
    const { user } = await open('/dictionaries/create', 'Create dictionary');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Nihongo');
    const terms = screen.getByRole('combobox', { name: 'Terms language' });
    await user.click(terms);
    // Its own name finds it as well as the English one.
    await user.keyboard('日本');
    expect(terms).toHaveAttribute('aria-expanded', 'true');
    const active = () => document.getElementById(terms.getAttribute('aria-activedescendant') ?? '');
    expect(active()).toHaveTextContent('Japanese');
    expect(active()).toHaveTextContent('日本語');
    await user.keyboard('{Enter}');
    expect(terms).toHaveValue('Japanese');
    expect(terms).toHaveAttribute('aria-expanded', 'false');

    // Nothing matches: the list says so; Escape brings the choice back.
    const definitions = screen.getByRole('combobox', { name: 'Definitions language' });
    await user.click(definitions);
    await user.keyboard('qqq');
    expect(await screen.findByText('No language matches “qqq”')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    // English, the interface language, is what a first dictionary's definitions start in.
    expect(definitions).toHaveValue('English');

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent(browser, 'POST', '/api/dictionaries')).toHaveLength(1));
    expect(JSON.parse(sent(browser, 'POST', '/api/dictionaries')[0]!.body)).toMatchObject({
      name: 'Nihongo',
      fromLanguage: 'ja',
      toLanguage: 'en',
    });
  });

  it('shows the limit error in the form, naming the role as the header does, and keeps what was typed', async () => {
    // A guest may have one dictionary (SPEC §6); another tab makes it while this one is open.
    await browser.signIn('guest');
    const { user } = await open('/dictionaries/create', 'Create dictionary');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Second');
    await createDictionary(server, browser);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('For the "Guest" role, the maximum number of dictionaries is set to 1');
    expect(alert).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Second');
  });

  it('shows Create busy while its request runs and sends one request for a double click or Enter', async () => {
    // A guest may have one dictionary; another tab's takes the place, so the first try is refused.
    await browser.signIn('guest');
    const network = slowNetwork(browser);
    const { user } = await renderApp({
      path: '/dictionaries/create',
      apiUrl: server.apiUrl,
      fetch: network.fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Create dictionary' });
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Second');
    const other = await createDictionary(server, browser);
    const create = screen.getByRole('button', { name: 'Create' });

    network.hold('POST /api/dictionaries');
    await user.dblClick(create);
    await waitFor(() => expect(sent(browser, 'POST', '/api/dictionaries')).toHaveLength(1));
    expect(create).toHaveAttribute('aria-busy', 'true');
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveFocus();
    await user.type(name, '{Enter}');
    network.release();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'the maximum number of dictionaries is set to 1',
    );
    expect(create).not.toHaveAttribute('aria-busy');
    expect(sent(browser, 'POST', '/api/dictionaries')).toHaveLength(1);

    // The place is free again: the same button, no longer busy, creates it once.
    await server.api.as(browser.cookie()).call('deleteDictionary', { params: { id: other.id } });
    await user.click(create);
    await waitFor(async () => expect(await anotherTab(server, browser).dictionaries()).toHaveLength(1));
    expect((await anotherTab(server, browser).dictionaries())[0]).toMatchObject({ name: 'Second' });
    expect(sent(browser, 'POST', '/api/dictionaries')).toHaveLength(2);
  });

  it('edits the name and languages, then returns to the dictionary', async () => {
    await browser.signIn();
    const dictionary = await createDictionary(server, browser, {
      name: 'Animals',
      fromLanguage: 'en',
      toLanguage: 'de',
    });
    const { user, router } = await open(`/dictionaries/${dictionary.id}/info/edit`, 'Edit dictionary info');

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Animals');
    expect(screen.getByRole('combobox', { name: 'Definitions language' })).toHaveValue('German');
    await user.clear(name);
    await user.type(name, 'Zwierzęta');
    await pick(user, 'Definitions language', 'pol', 'Polish');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}`));
    expect(JSON.parse(sent(browser, 'PATCH', `/api/dictionaries/${dictionary.id}`)[0]!.body)).toEqual({
      name: 'Zwierzęta',
      fromLanguage: 'en',
      toLanguage: 'pl',
      examDate: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zwierzęta' })).toBeInTheDocument();
    expect(screen.getByText('Polish')).toBeInTheDocument();
  });
});
