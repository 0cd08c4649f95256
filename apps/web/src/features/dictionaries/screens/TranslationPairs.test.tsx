import { screen, waitFor, within } from '@testing-library/react';
import type { ContentLanguage } from '@wordhoard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranslateStub } from '../../../../../server/test/translate-stub';
import { startApiServer, type ApiServer } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { addPageSettingsOf } from '../../../test/pageSettings';
import { renderApp } from '../../../test/render';
import { sent } from '../test/arrange';

/** Suggestions only for the pairs the translation service translates (decision 0059). */
describe('translation pairs in the word editor', () => {
  let server: ApiServer;
  let translations: TranslateStub;
  let removePageSettings: () => void;

  beforeAll(async () => {
    translations = new TranslateStub();
    // Japanese ↔ English only: Arabic → Ukrainian is not offered.
    translations.languages = [
      { code: 'en', name: 'English', targets: ['ja'] },
      { code: 'ja', name: 'Japanese', targets: ['en'] },
      { code: 'ar', name: 'Arabic', targets: ['en'] },
    ];
    translations.dictionary['ja:en:猫'] = { translatedText: 'cat' };
    server = await startApiServer({ env: { TRANSLATE_URL: await translations.start() } });
    removePageSettings = addPageSettingsOf(server);
  });
  afterAll(async () => {
    removePageSettings();
    await server.close();
    await translations.stop();
  });

  async function openEditor(fromLanguage: ContentLanguage, toLanguage: ContentLanguage) {
    const browser = server.browser();
    await browser.signIn();
    const dictionary = await createDictionary(server, browser, { fromLanguage, toLanguage });
    const rendered = await renderApp({
      path: `/dictionaries/${dictionary.id}/words/edit`,
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit words' });
    await rendered.user.click(await screen.findByRole('button', { name: 'Add word' }));
    const row = within(screen.getAllByTestId('word-row')[0]!);
    return { browser, user: rendered.user, row };
  }

  it('suggests for Japanese → English, with lang on the fields', async () => {
    const { browser, user, row } = await openEditor('ja', 'en');
    const term = row.getByLabelText('Term');
    expect(term).toHaveAttribute('lang', 'ja');
    expect(row.getByLabelText('Definitions (comma-separated)')).toHaveAttribute('lang', 'en');
    await user.type(term, '猫');
    expect(await row.findByRole('button', { name: 'Add “cat” as a definition' })).toBeInTheDocument();
    expect(sent(browser, 'GET', '/api/translation-languages')).toHaveLength(1);
  });

  it('does not ask for Arabic → Ukrainian, and writes the Arabic field right to left', async () => {
    const { browser, user, row } = await openEditor('ar', 'uk');
    const term = row.getByLabelText('Term');
    expect(term).toHaveAttribute('lang', 'ar');
    expect(term).toHaveAttribute('dir', 'rtl');
    expect(row.getByLabelText('Definitions (comma-separated)')).not.toHaveAttribute('dir');
    await waitFor(() => expect(sent(browser, 'GET', '/api/translation-languages')).toHaveLength(1));
    await user.type(term, 'كتاب');
    await user.type(row.getByLabelText('Definitions (comma-separated)'), 'книга');
    expect(row.getByLabelText('Definitions (comma-separated)')).toHaveValue('книга');
    // A lookup would leave 400 ms after typing pauses (useWordsEditor); no event marks its
    // absence, so only time past that proves it. A slow machine can only delay the request into
    // this window, never make the check fail wrongly.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(sent(browser, 'GET', '/api/translate/')).toEqual([]);
    expect(row.queryByText('Looking for translations…')).not.toBeInTheDocument();
  });
});
