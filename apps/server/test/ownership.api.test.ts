import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@wordhoard/shared';
import { contract } from '@wordhoard/shared';
import { legacyAnkiPackage } from './anki/packages';
import { createUser } from './fixtures';
import { pictureFile, wavFile } from './media/media-files';
import { createTestApp, testDriver, type TestApp } from './harness';
import { stateFingerprint } from './state';

/**
 * The ownership sweep, generated from the server's own route table: every route that takes an
 * id (in its path, or a dictionary id in its body) is called by a second user with the first
 * user's ids. Each must answer 404 and change nothing. A new route with an id and no request
 * below fails the sweep, so nobody can add one without this check.
 */
type Ids = { dictionaryId: string; wordId: string; mediaId: string };
/** A real Anki package (made by Anki 2.1), as the Anki import endpoints take it. */
const ANKI_PACKAGE = Buffer.from(legacyAnkiPackage());
/** `raw`: a file sent as it is, for the upload endpoints (decision 0063). */
type Sample = { body?: object; query?: string; raw?: { type: string; data: Buffer } };

const SAMPLES: Partial<Record<EndpointName, (ids: Ids) => Sample[]>> = {
  getDictionary: () => [{}, { query: '?page=1&search=mine' }],
  updateDictionary: (ids) => [
    { body: { name: 'Stolen' } },
    { body: { words: { create: [{ term: 'planted', definitions: ['x'] }] } } },
    { body: { words: { update: [{ id: ids.wordId, term: 'changed' }] } } },
    { body: { words: { delete: [ids.wordId] } } },
  ],
  deleteDictionary: () => [{}],
  importWords: () => [{ body: { words: [{ term: 'planted', definitions: ['x'] }] } }],
  previewAnkiImport: () => [{ raw: { type: 'application/octet-stream', data: ANKI_PACKAGE } }],
  importAnki: () => [{ raw: { type: 'application/octet-stream', data: ANKI_PACKAGE } }],
  exportDictionary: () => [{ query: '?format=csv' }, { query: '?format=json' }, { query: '?format=apkg' }],
  getWord: () => [{}],
  putWordPicture: () => [{ raw: { type: 'image/png', data: PICTURE } }],
  deleteWordPicture: () => [{}],
  putWordAudio: () => [{ raw: { type: 'audio/wav', data: RECORDING } }],
  deleteWordAudio: () => [{}],
  getMedia: () => [{}, { query: '?download=1' }],
  suspendWord: () => [{ body: { suspended: true } }, { body: { suspended: false } }],
  dictionaryProgress: () => [{}],
  weakSpots: () => [{}],
  // A Stripe Checkout Session id; another user's real one is checked in payments.api.test.ts.
  checkoutSession: () => [{}],
  // Not an id in the path, but an owned id all the same.
  createTester: (ids) => [
    {
      body: {
        dictionaryId: ids.dictionaryId,
        swap: false,
        range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
      },
    },
    { body: { dictionaryId: ids.dictionaryId, swap: false, range: { type: 'due' } } },
  ],
};

/** Routes with a path parameter that is not an owned resource, and why. */
const NOT_OWNED: Partial<Record<EndpointName, string>> = {
  translate: 'the parameter is the word to translate, not a stored resource',
};

let t: TestApp;
let PICTURE: Buffer;
const RECORDING = wavFile(0.2);
let dataDir: string;
beforeAll(async () => {
  PICTURE = await pictureFile('png');
  dataDir = await mkdtemp(join(os.tmpdir(), 'wordhoard-ownership-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`ownership sweep (${testDriver})`, () => {
  it('covers every route that carries an id', () => {
    const withIds = t.app.routeTable.filter(
      (route) => route.url.includes('/:') && route.endpoint !== undefined,
    );
    expect(withIds.length).toBeGreaterThan(0);
    for (const route of withIds) {
      const name = route.endpoint as EndpointName;
      expect(
        SAMPLES[name] ?? NOT_OWNED[name],
        `${route.method} ${route.url} has no ownership check`,
      ).toBeDefined();
    }
    // And every contract endpoint is really served.
    const served = new Set(t.app.routeTable.map((route) => route.endpoint));
    for (const name of Object.keys(contract)) expect(served.has(name as EndpointName), name).toBe(true);
  });

  it('answers 404 to another user on each of them and changes nothing', async () => {
    const owner = await createUser(t.app, 'user');
    const stranger = await createUser(t.app, 'user');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/dictionaries',
      headers: { cookie: owner.cookie },
      payload: { name: 'Mine', fromLanguage: 'en', toLanguage: 'de' },
    });
    const dictionaryId: string = created.json().id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/dictionaries/${dictionaryId}`,
      headers: { cookie: owner.cookie },
      payload: { words: { create: [{ term: 'mine', definitions: ['meins'] }] } },
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/dictionaries/${dictionaryId}`,
      headers: { cookie: owner.cookie },
    });
    const wordId: string = page.json().words[0].id;
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `/api/dictionaries/${dictionaryId}/words/${wordId}/picture`,
      headers: { cookie: owner.cookie, 'content-type': 'image/png' },
      payload: PICTURE,
    });
    const mediaId = String(uploaded.json().picture.url).split('/').pop() ?? '';
    const ids = { dictionaryId, wordId, mediaId };
    const before = await stateFingerprint(t.database.db);

    let checked = 0;
    for (const [name, samples] of Object.entries(SAMPLES) as [EndpointName, (ids: Ids) => Sample[]][]) {
      const endpoint = contract[name];
      const path = `/api${endpoint.path.replace(':id', dictionaryId).replace(':wordId', wordId).replace(':mediaId', mediaId)}`;
      for (const sample of samples(ids)) {
        const response = await t.app.inject({
          method: endpoint.method,
          url: path + (sample.query ?? ''),
          headers: { cookie: stranger.cookie, ...(sample.raw ? { 'content-type': sample.raw.type } : {}) },
          ...(sample.body ? { payload: sample.body } : {}),
          ...(sample.raw ? { payload: sample.raw.data } : {}),
        });
        expect(response.statusCode, `${endpoint.method} ${path} ${JSON.stringify(sample)}`).toBe(404);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(14);
    expect(await stateFingerprint(t.database.db)).toBe(before);
  });
});
