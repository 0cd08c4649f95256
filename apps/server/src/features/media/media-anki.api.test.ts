import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, Word } from '@wordhoard/shared';
import { callAsNewClient } from '../../../test/api-client';
import { apkgExportPackage, readCollection } from '../../../test/anki/packages';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { pictureFile, wavFile } from '../../../test/media/media-files';
import { readAnkiPackage } from '../dictionaries/anki/anki-package';

let t: TestApp;
let dataDir: string;
let thirdParty: Uint8Array;
let katzePng: Buffer;
let katzeWav: Buffer;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-media-anki-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  katzePng = await pictureFile('png', 640, 480);
  katzeWav = wavFile(0.8);
  // A package by the anki-apkg-export npm package (third-party), with a picture and a sound.
  thirdParty = await apkgExportPackage(
    'Tiere',
    [
      { front: 'die Katze', back: 'cat<br><img src="katze.png">[sound:katze.wav]' },
      { front: 'der Hund', back: 'dog <img src="missing.jpg">' },
      { front: 'die Maus', back: 'mouse <img src="broken.png">' },
    ],
    [
      { name: 'katze.png', data: katzePng },
      { name: 'katze.wav', data: katzeWav },
      { name: 'broken.png', data: new TextEncoder().encode('not a picture') },
    ],
  );
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type User = { cookie: string };

async function emptyDictionary(user: User) {
  const response = await callAsNewClient(t.app, user, 'createDictionary', {
    body: { name: 'Tiere', fromLanguage: 'de', toLanguage: 'en' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.data().id;
}

async function wordsOf(user: User, id: string): Promise<Word[]> {
  const page = await callAsNewClient(t.app, user, 'getDictionary', {
    params: { id },
    query: { page: 1, limit: 40, sort: 'create', direction: 1 },
  });
  return page.data().words;
}

async function importPackage(user: User, id: string, apkg: Uint8Array) {
  const response = await callAsNewClient(t.app, user, 'importAnki', {
    params: { id },
    upload: { bytes: apkg, contentType: 'application/octet-stream' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportResult>();
}

describe(`Anki media (${testDriver})`, () => {
  it("brings a third-party package's picture and sound along with its words", async () => {
    const user = await createUser(t.app);
    const id = await emptyDictionary(user);
    const result = await importPackage(user, id, thirdParty);
    expect(result.imported).toBe(3);
    const [katze, hund, maus] = await wordsOf(user, id);
    expect(katze?.term).toBe('die Katze');
    expect(katze?.definitions).toEqual(['cat']);
    expect(katze?.picture).toMatchObject({ width: 640, height: 480 });
    expect(katze?.audio).toMatchObject({ durationMs: 800 });
    // A file the package lacks, or one that is no picture: the word comes without.
    expect(hund?.picture).toBeNull();
    expect(maus?.picture).toBeNull();
    const picture = await t.app.inject({
      method: 'GET',
      url: katze!.picture!.url,
      headers: { cookie: user.cookie },
    });
    expect((await sharp(picture.rawPayload).metadata()).format).toBe('webp');
    const audio = await t.app.inject({
      method: 'GET',
      url: katze!.audio!.url,
      headers: { cookie: user.cookie },
    });
    expect(Buffer.compare(audio.rawPayload, katzeWav)).toBe(0);
  });

  it('previews how many of the words to add bring a picture and a sound, saving none', async () => {
    const user = await createUser(t.app);
    const id = await emptyDictionary(user);
    const preview = async () => {
      const response = await callAsNewClient(t.app, user, 'previewAnkiImport', {
        params: { id },
        upload: { bytes: thirdParty, contentType: 'application/octet-stream' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.data();
    };
    // Die Katze's picture and sound; die Maus's file is no picture (left out on import, as the
    // screen says), der Hund's is not in the package.
    expect(await preview()).toMatchObject({ media: 3, pictures: 2, sounds: 1 });
    expect(await wordsOf(user, id)).toEqual([]);

    // A word already there is skipped: its note brings nothing.
    const added = await callAsNewClient(t.app, user, 'updateDictionary', {
      params: { id },
      body: { words: { create: [{ term: 'die Katze', definitions: ['cat'] }] } },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await preview()).toMatchObject({ media: 3, pictures: 1, sounds: 0 });
  });

  it('exports the pictures and recordings into the package media, readable by Anki and by us', async () => {
    const user = await createUser(t.app);
    const id = await emptyDictionary(user);
    await importPackage(user, id, thirdParty);
    const words = await wordsOf(user, id);
    const katze = words.find((word) => word.term === 'die Katze')!;
    const response = await callAsNewClient(t.app, user, 'exportDictionary', {
      params: { id },
      query: { format: 'apkg' },
    });
    expect(response.statusCode).toBe(200);
    const apkg = new Uint8Array(response.rawPayload);

    // As Anki reads it: the media map names the two files, the zip holds them, the fields point at them.
    const collection = await readCollection(apkg);
    expect(collection.integrity).toBe('ok');
    const names = Object.values(collection.media).sort();
    const pictureName = `${katze.picture!.url.split('/').pop()!}.webp`;
    const audioName = `${katze.audio!.url.split('/').pop()!}.wav`;
    expect(names).toEqual([pictureName, audioName].sort());
    const zip = unzipSync(apkg);
    const entryOf = (name: string) => Object.entries(collection.media).find(([, file]) => file === name)![0];
    expect((await sharp(zip[entryOf(pictureName)]).metadata()).format).toBe('webp');
    expect(Buffer.compare(Buffer.from(zip[entryOf(audioName)]!), katzeWav)).toBe(0);
    const fields = collection.notes.map((note) => String(note[3]).split('\x1f'));
    const katzeFields = fields.find((note) => note[0] === 'die Katze')!;
    expect(katzeFields[3]).toBe(`<img src="${pictureName}">`);
    expect(katzeFields[4]).toBe(`[sound:${audioName}]`);
    expect(fields.find((note) => note[0] === 'der Hund')?.slice(3)).toEqual(['', '']);

    // As our importer reads it, and imported again by another account: the media come back.
    const read = await readAnkiPackage(apkg);
    expect(read.notes.find((note) => note.term === 'die Katze')).toMatchObject({
      pictures: [pictureName],
      sounds: [audioName],
    });
    const other = await createUser(t.app);
    const copy = await emptyDictionary(other);
    await importPackage(other, copy, apkg);
    const copied = (await wordsOf(other, copy)).find((word) => word.term === 'die Katze')!;
    expect(copied.picture).toMatchObject({ width: 640, height: 480 });
    expect(copied.audio).toMatchObject({ durationMs: 800 });
    expect(copied.picture!.url).not.toBe(katze.picture!.url);
  });
});
