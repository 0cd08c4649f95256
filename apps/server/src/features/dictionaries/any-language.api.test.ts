import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGES, searchFold, type ContentLanguage, type Dictionary } from '@wordhoard/shared';
import { apiClient } from '../../../test/api-client';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';

/** Dictionaries in any ISO 639-1 language, and a word search that folds like the grader (decision 0059). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const api = (cookie: string) => apiClient(t.app).as(cookie);

async function newDictionary(cookie: string, fromLanguage: ContentLanguage, toLanguage: ContentLanguage) {
  const response = await api(cookie).call('createDictionary', {
    body: { name: `${fromLanguage}-${toLanguage}`, fromLanguage, toLanguage },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.data();
}

const search = async (cookie: string, dictionary: Dictionary, text: string) => {
  const response = await api(cookie).call('getDictionary', {
    params: { id: dictionary.id },
    query: { search: text },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.data().words.map((word) => word.term);
};

describe(`any language pair (${testDriver})`, () => {
  it('creates Japanese–English and Arabic–Ukrainian dictionaries and reads them back', async () => {
    const user = await createUser(t.app, 'developer');
    const japanese = await newDictionary(user.cookie, 'ja', 'en');
    const arabic = await newDictionary(user.cookie, 'ar', 'uk');
    expect(japanese).toMatchObject({ fromLanguage: 'ja', toLanguage: 'en' });
    expect(arabic).toMatchObject({ fromLanguage: 'ar', toLanguage: 'uk' });
    const list = (await api(user.cookie).call('listDictionaries')).data();
    expect(list.data.map((d) => [d.fromLanguage, d.toLanguage]).sort()).toEqual([
      ['ar', 'uk'],
      ['ja', 'en'],
    ]);
    // A language can change to any other listed one, and back to an interface language.
    const changed = await api(user.cookie).call('updateDictionary', {
      params: { id: japanese.id },
      body: { fromLanguage: 'zh', toLanguage: 'pt' },
    });
    expect(changed.data()).toMatchObject({ fromLanguage: 'zh', toLanguage: 'pt' });
  });

  it('accepts every ISO 639-1 code', async () => {
    const user = await createUser(t.app, 'developer');
    const rejected: string[] = [];
    const { id } = await newDictionary(user.cookie, 'en', 'de');
    for (const code of CONTENT_LANGUAGES) {
      const response = await api(user.cookie).call('updateDictionary', {
        params: { id },
        body: { fromLanguage: code, toLanguage: code },
      });
      if (response.statusCode !== 200) rejected.push(code);
    }
    expect(rejected).toEqual([]);
    expect(CONTENT_LANGUAGES.length).toBeGreaterThanOrEqual(100);
  });

  it.each(['xx', 'jpn', 'JA', 'ja-JP', ''])(
    'refuses the language %j with a localized 400, changing nothing',
    async (code) => {
      const user = await createUser(t.app);
      const created = await api(user.cookie).call('createDictionary', {
        body: { name: 'Bad', fromLanguage: code as ContentLanguage, toLanguage: 'en' },
        headers: { 'accept-language': 'uk' },
      });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.fromLanguage', message: 'Виберіть мову зі списку' }],
      });
      expect((await api(user.cookie).call('listDictionaries')).data().total).toBe(0);

      const { id } = await newDictionary(user.cookie, 'ar', 'uk');
      const updated = await api(user.cookie).call('updateDictionary', {
        params: { id },
        body: { name: 'Changed', toLanguage: code as ContentLanguage },
        headers: { 'accept-language': 'de' },
      });
      expect(updated.statusCode).toBe(400);
      expect(updated.json()).toMatchObject({
        details: [{ path: 'body.toLanguage', message: 'Wähle eine Sprache aus der Liste' }],
      });
      expect((await api(user.cookie).call('getDictionary', { params: { id } })).data()).toMatchObject({
        name: 'ar-uk',
        fromLanguage: 'ar',
        toLanguage: 'uk',
      });
    },
  );

  it('exports and imports a dictionary in any language with its languages', async () => {
    const user = await createUser(t.app, 'developer');
    const dictionary = await newDictionary(user.cookie, 'ja', 'en');
    await api(user.cookie).call('updateDictionary', {
      params: { id: dictionary.id },
      body: { words: { create: [{ term: '猫', definitions: ['cat'] }] } },
    });
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/dictionaries/${dictionary.id}/export?format=json`,
      headers: { cookie: user.cookie },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(JSON.parse(exported.body)).toMatchObject({
      dictionary: { fromLanguage: 'ja', toLanguage: 'en' },
    });
  });
});

describe(`word search folds like the grader (${testDriver})`, () => {
  it('finds words whatever their accents, case, width or kana', async () => {
    const user = await createUser(t.app, 'developer');
    const dictionary = await newDictionary(user.cookie, 'de', 'ja');
    const batch = [
      { term: 'Straße', definitions: ['みち'] },
      { term: 'Café', definitions: ['カフェ'] },
      { term: 'Ölkanne', definitions: ['ｵｲﾙ'] },
      { term: 'Buch', definitions: ['本'] },
    ];
    const saved = await api(user.cookie).call('updateDictionary', {
      params: { id: dictionary.id },
      body: { words: { create: batch } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await search(user.cookie, dictionary, 'strasse')).toEqual(['Straße']);
    expect(await search(user.cookie, dictionary, 'STRASSE')).toEqual(['Straße']);
    expect(await search(user.cookie, dictionary, 'straße')).toEqual(['Straße']);
    expect(await search(user.cookie, dictionary, 'cafe')).toEqual(['Café']);
    expect(await search(user.cookie, dictionary, 'CAFÉ')).toEqual(['Café']);
    expect(await search(user.cookie, dictionary, 'olkan')).toEqual(['Ölkanne']);
    // Katakana and hiragana, full and half width, find one another.
    expect(await search(user.cookie, dictionary, 'かふぇ')).toEqual(['Café']);
    expect(await search(user.cookie, dictionary, 'ミチ')).toEqual(['Straße']);
    expect(await search(user.cookie, dictionary, 'オイル')).toEqual(['Ölkanne']);
    expect(await search(user.cookie, dictionary, '本')).toEqual(['Buch']);
    expect(await search(user.cookie, dictionary, 'xyz')).toEqual([]);
  });

  it('finds Arabic without harakat and Greek without tonos', async () => {
    const user = await createUser(t.app, 'developer');
    const dictionary = await newDictionary(user.cookie, 'ar', 'el');
    await api(user.cookie).call('updateDictionary', {
      params: { id: dictionary.id },
      body: { words: { create: [{ term: 'كِتَاب', definitions: ['βιβλίο'] }] } },
    });
    expect(await search(user.cookie, dictionary, 'كتاب')).toEqual(['كِتَاب']);
    expect(await search(user.cookie, dictionary, 'ΒΙΒΛΙΟ')).toEqual(['كِتَاب']);
    // An edit folds the new text too (the trigger runs on update).
    const [word] = (await api(user.cookie).call('getDictionary', { params: { id: dictionary.id } })).data()
      .words;
    await api(user.cookie).call('updateDictionary', {
      params: { id: dictionary.id },
      body: { words: { update: [{ id: word!.id, term: 'قَلَم', version: word!.version }] } },
    });
    expect(await search(user.cookie, dictionary, 'قلم')).toEqual(['قَلَم']);
    expect(await search(user.cookie, dictionary, 'كتاب')).toEqual([]);
  });

  it('folds in the database exactly as searchFold does in TypeScript', async () => {
    const samples = [
      'Straße',
      'CAFÉ crème',
      'Źródło ŁÓDŹ',
      'ΟΔΟΣ καλημέρα προϊόν',
      'ｶﾞｯｺｳ カタカナ ひらがな ＡＢＣ　１２３',
      'كِتَــابٌ أب',
      'שָׁלוֹם',
      "L’eau d`ici, don't, мʼята",
      'Øl Æble Œuvre Þing Ħal ı đ ð ŧ',
      'Ĳs ﬁne 𝓐',
      'İstanbul',
      'ёжик Їжак',
      'किताब',
      '日本語 한국어 中文',
    ];
    for (const text of samples) {
      const result = await t.database.db.execute<{ folded: string }>(
        sql`select wordhoard_fold(${text}) as folded`,
      );
      expect(result.rows[0]?.folded, text).toBe(searchFold(text));
    }
  });
});
