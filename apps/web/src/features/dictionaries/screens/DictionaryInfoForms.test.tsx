import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { makeDictionary, sent, serveDictionaries, type FakeApi } from '../test/fakeDictionariesApi';

describe('Create dictionary and edit its info', () => {
  let server: TestServer;
  let api: FakeApi;

  beforeEach(async () => {
    server = await startTestServer();
    api = serveDictionaries(server, makeUser());
  });
  afterEach(async () => {
    await server.close();
  });

  const open = async (path: string, title: string) => {
    const rendered = await renderApp({ path, apiUrl: server.apiUrl });
    await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
    return rendered;
  };

  it('offers the seven languages by name and validates the name with the shared rules', async () => {
    const { user } = await open('/dictionaries/create', 'Create dictionary');
    const terms = screen.getByRole('combobox', { name: 'Terms language' });
    expect([...(terms as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'English',
      'Ukrainian',
      'German',
      'French',
      'Spanish',
      'Italian',
      'Polish',
    ]);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The field is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Tiere <3');
    expect(await screen.findByText('Contains one or more forbidden characters')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x'.repeat(32));
    expect(await screen.findByText('Should be at most 31 characters')).toBeInTheDocument();
    expect(sent(server, 'POST', '/api/dictionaries')).toHaveLength(0);
  });

  it('creates the dictionary and opens it', async () => {
    const { user, router } = await open('/dictionaries/create', 'Create dictionary');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Tiere');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Terms language' }), 'German');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Definitions language' }), 'Polish');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const created = api.dictionaries[0];
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${created?.id ?? '?'}`));
    expect(JSON.parse(sent(server, 'POST', '/api/dictionaries')[0]!.body)).toEqual({
      name: 'Tiere',
      fromLanguage: 'de',
      toLanguage: 'pl',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tiere' })).toBeInTheDocument();
  });

  it('shows the limit error in the form and keeps what was typed', async () => {
    api.user = makeUser({
      role: 'guest',
      email: null,
      limits: { dictionaries: 1, wordsPerDictionary: 100, testsPerDay: 3 },
    });
    api.dictionaries.push(makeDictionary());
    const { user } = await open('/dictionaries/create', 'Create dictionary');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Second');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('For the "guest" role, the maximum number of dictionaries is set to 1');
    expect(alert).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Second');
  });

  it('edits the name and languages, then returns to the dictionary', async () => {
    const dictionary = makeDictionary({ name: 'Animals', fromLanguage: 'en', toLanguage: 'de' });
    api.dictionaries.push(dictionary);
    const { user, router } = await open(`/dictionaries/${dictionary.id}/info/edit`, 'Edit dictionary info');

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Animals');
    expect(screen.getByRole('combobox', { name: 'Definitions language' })).toHaveValue('de');
    await user.clear(name);
    await user.type(name, 'Zwierzęta');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Definitions language' }), 'Polish');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}`));
    expect(JSON.parse(sent(server, 'PATCH', `/api/dictionaries/${dictionary.id}`)[0]!.body)).toEqual({
      name: 'Zwierzęta',
      fromLanguage: 'en',
      toLanguage: 'pl',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zwierzęta' })).toBeInTheDocument();
    expect(screen.getByText('Polish')).toBeInTheDocument();
  });
});
