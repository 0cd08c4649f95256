import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { anotherTab, sent } from '../test/arrange';

// Each screen is a lazily loaded route chunk; on a busy machine the first load takes a while.
configure({ asyncUtilTimeout: 4000 });

describe('Create dictionary and edit its info', { timeout: 20_000 }, () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  const open = async (path: string, title: string) => {
    const rendered = await renderApp({ path, apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: title });
    return rendered;
  };

  it('offers the seven languages by name and validates the name with the shared rules', async () => {
    await browser.signIn();
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
    expect(sent(browser, 'POST', '/api/dictionaries')).toHaveLength(0);
  });

  it('creates the dictionary and opens it', async () => {
    await browser.signIn();
    const { user, router } = await open('/dictionaries/create', 'Create dictionary');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Tiere');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Terms language' }), 'German');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Definitions language' }), 'Polish');
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
    expect(screen.getByRole('combobox', { name: 'Definitions language' })).toHaveValue('de');
    await user.clear(name);
    await user.type(name, 'Zwierzęta');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Definitions language' }), 'Polish');
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
