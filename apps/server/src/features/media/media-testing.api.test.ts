import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Word } from '@wordhoard/shared';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, uniqueClientAddress, type TestApp } from '../../../test/harness';
import { pictureFile, wavFile } from '../../../test/media/media-files';
import { ALL_WORDS, targetOf, testingDriver } from '../../../test/testing-driver';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-media-testing-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type User = { cookie: string };
const drive = () => testingDriver(t.app);

async function put(
  user: User,
  id: string,
  wordId: string,
  kind: 'picture' | 'audio',
  body: Buffer,
  type: string,
) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/dictionaries/${id}/words/${wordId}/${kind}`,
    headers: { cookie: user.cookie, 'content-type': type },
    payload: body,
    remoteAddress: uniqueClientAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Word>();
}

/** cat (picture and recording) and dog (picture only), oldest first; their media. */
async function illustrated(user: User) {
  const id = await drive().dictionaryWith(user, [
    { term: 'cat', definitions: ['Katze'], examples: ['The cat sleeps.'] },
    { term: 'dog', definitions: ['Hund'], examples: ['The dog barks.'] },
  ]);
  const words = (
    await drive()
      .as(user)
      .call('getDictionary', { params: { id }, query: { page: 1, limit: 40, sort: 'create', direction: 1 } })
  ).data().words;
  const [cat, dog] = words;
  await put(user, id, cat!.id, 'picture', await pictureFile('png'), 'image/png');
  const catWord = await put(user, id, cat!.id, 'audio', wavFile(0.5), 'audio/wav');
  const dogWord = await put(user, id, dog!.id, 'picture', await pictureFile('jpeg'), 'image/jpeg');
  return { id, cat: catWord, dog: dogWord };
}

describe(`media in tests (${testDriver})`, () => {
  it('shows the current word with its picture and recording, the next one after an answer, and the report', async () => {
    const user = await createUser(t.app, 'developer');
    const { id, cat, dog } = await illustrated(user);
    (await drive().start(user, id, ALL_WORDS)).data();
    const first = (await drive().state(user)).test!;
    expect(first.term).toBe('cat');
    expect(first.picture).toEqual(cat.picture);
    expect(first.audio).toEqual(cat.audio);

    const answered = (await drive().answer(user, targetOf(first), 'Katze')).data();
    expect(answered.next).toMatchObject({ term: 'dog', picture: dog.picture, audio: null });
    const second = (await drive().state(user)).test!;
    expect(second).toEqual(answered.next);

    (await drive().skip(user, targetOf(second))).data();
    const report = (await drive().state(user)).report!;
    expect(report.items.map((item) => [item.term, item.picture, item.audio])).toEqual([
      ['cat', cat.picture, cat.audio],
      ['dog', dog.picture, null],
    ]);
  });

  it('keeps the recording back while the question asks for the term (swapped and cloze)', async () => {
    const user = await createUser(t.app, 'developer');
    const { id, cat } = await illustrated(user);
    (await drive().start(user, id, ALL_WORDS, true)).data();
    const swapped = (await drive().state(user)).test!;
    expect(swapped).toMatchObject({ reversed: true, picture: cat.picture, audio: null });

    (
      await drive()
        .as(user)
        .call('createTester', { body: { dictionaryId: id, swap: false, range: ALL_WORDS, cloze: true } })
    ).data();
    const cloze = (await drive().state(user)).test!;
    expect(cloze.cloze).toBeDefined();
    expect(cloze).toMatchObject({ picture: cat.picture, audio: null });
    // Once the answer is shown (the report), the recording is there.
    (await drive().skip(user, targetOf(cloze))).data();
    const next = (await drive().state(user)).test!;
    (await drive().skip(user, targetOf(next))).data();
    const report = (await drive().state(user)).report!;
    expect(report.items[0]).toMatchObject({ picture: cat.picture, audio: cat.audio });
  });
});
