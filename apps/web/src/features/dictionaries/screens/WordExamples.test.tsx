import { screen, waitFor, within } from '@testing-library/react';
import type { Dictionary, WordInput } from '@wordhoard/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { anotherTab, sent } from '../test/arrange';

/** Example sentences in the word editors (decision 0060), against the real server. */
describe('example sentences in the word editors', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  let dictionary: Dictionary;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  beforeEach(() => {
    browser = server.browser();
  });

  const memberWith = async (words: WordInput[]) => {
    await browser.signIn('user');
    dictionary = await createDictionary(server, browser, { words });
  };
  const openEditor = async () => {
    const rendered = await renderApp({
      path: `/dictionaries/${dictionary.id}/words/edit`,
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    await screen.findByRole('button', { name: 'Add word' });
    return rendered;
  };
  const rows = () => screen.queryAllByTestId('word-row');
  const row = (index: number) => within(rows().at(index)!);
  const examplesField = (index: number) => row(index).getByLabelText('Example sentences (one per line)');
  const patches = () =>
    sent(browser, 'PATCH', `/api/dictionaries/${dictionary.id}`).map((request) => JSON.parse(request.body));
  const saved = async () =>
    Object.fromEntries(
      (await anotherTab(server, browser).words(dictionary)).map((word) => [word.term, word.examples]),
    );

  it('edits the sentences of a word and of a new one, one per line, and saves them with the version', async () => {
    await memberWith([{ term: 'cat', definitions: ['Katze'], examples: ['The cat sleeps.'] }]);
    const { user, router } = await openEditor();
    expect(await screen.findByDisplayValue('The cat sleeps.')).toBe(examplesField(0));
    expect(examplesField(0)).toHaveAttribute('lang', 'en');
    expect(examplesField(0)).toHaveAccessibleDescription(/^Up to 5\./);

    await user.type(examplesField(0), '{End}{Enter}Cats,   like hats, purr.');
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    await user.type(row(1).getByLabelText('Term'), 'dog');
    await user.type(row(1).getByLabelText('Definitions (comma-separated)'), 'Hund');
    await user.type(examplesField(1), 'A dog barks.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}`));
    const [cat] = (await anotherTab(server, browser).words(dictionary)).filter((word) => word.term === 'cat');
    expect(patches()).toEqual([
      {
        words: {
          create: [{ term: 'dog', definitions: ['Hund'], examples: ['A dog barks.'] }],
          update: [{ id: cat?.id, examples: ['The cat sleeps.', 'Cats, like hats, purr.'], version: 1 }],
        },
      },
    ]);
    expect(await saved()).toEqual({
      cat: ['The cat sleeps.', 'Cats, like hats, purr.'],
      dog: ['A dog barks.'],
    });
    expect(cat?.version).toBe(2);
  });

  it('shows the shared rules as localized errors and sends nothing while they are broken', async () => {
    await memberWith([{ term: 'cat', definitions: ['Katze'] }]);
    const { user } = await openEditor();
    await user.click(examplesField(0));
    await user.paste('a\nb\nc\nd\ne\nf');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(examplesField(0)).toHaveAccessibleDescription(/A word can have at most 5 examples/);
    expect(examplesField(0)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(examplesField(0));
    await user.paste('x'.repeat(256));
    expect(examplesField(0)).toHaveAccessibleDescription(/Should be at most 255 characters/);
    await user.clear(examplesField(0));
    await user.paste('Purr.\nPURR.');
    expect(examplesField(0)).toHaveAccessibleDescription(/This example is already in the list/);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(patches()).toEqual([]);
    expect(await saved()).toEqual({ cat: [] });
  });

  it('keeps what was typed when the word was changed elsewhere, and saves it on the next try', async () => {
    await memberWith([{ term: 'cat', definitions: ['Katze'], examples: ['First.'] }]);
    const { user, router } = await openEditor();
    await screen.findByDisplayValue('First.');
    // Another tab changes the word's sentences after this one loaded it.
    const [word] = await anotherTab(server, browser).words(dictionary);
    (
      await server.api.as(browser.cookie()).call('updateDictionary', {
        params: { id: dictionary.id },
        body: { words: { update: [{ id: word!.id, examples: ['From the other tab.'], version: 1 }] } },
      })
    ).data();

    await user.clear(examplesField(0));
    await user.type(examplesField(0), 'Mine.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/was changed elsewhere in the meantime/);
    // Nothing of this tab was saved; the other tab's edit stands.
    expect(await saved()).toEqual({ cat: ['From the other tab.'] });
    expect(examplesField(0)).toHaveValue('Mine.');

    // The saved words were loaded again: saving now applies the change to the new version.
    await waitFor(() =>
      expect(sent(browser, 'GET', `/api/dictionaries/${dictionary.id}?`).length).toBeGreaterThanOrEqual(2),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}`));
    expect(patches().map((patch) => patch.words.update[0].version)).toEqual([1, 2]);
    expect(await saved()).toEqual({ cat: ['Mine.'] });
  });

  it('edits the sentences of one word from the report page too', async () => {
    await memberWith([{ term: 'cat', definitions: ['Katze'], examples: ['The cat sleeps.'] }]);
    const [word] = await anotherTab(server, browser).words(dictionary);
    const { user } = await renderApp({
      path: `/dictionaries/${dictionary.id}/words/${word!.id}/edit`,
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    const field = await screen.findByLabelText('Example sentences (one per line)');
    expect(field).toHaveValue('The cat sleeps.');
    await user.clear(field);
    await user.type(field, 'One.{Enter}Two.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await saved()).toEqual({ cat: ['One.', 'Two.'] }));
  });
});
