import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apkgExportPackage, legacyAnkiPackage, readCollection } from '../../apps/server/test/anki/packages';
import { seriousAxeViolations } from './support/axe';
import { dictionaryAction } from './support/dictionary';
import { solidPng } from './support/media';
import { enterAsGuest } from './support/session';

/**
 * From and to Anki (docs/decisions/0061-anki-import-export.md): a package made by a third
 * party (the anki-apkg-export npm package, and Anki 2.1 itself) is previewed and imported; the
 * dictionary exported as .apkg reads back with SQLite directly (as Anki reads it) and through
 * our importer. A note's picture comes along both ways (issue 21, decision 0063).
 */
test('imports a third-party Anki package after a preview, and exports one that reads back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await enterAsGuest(page);
  const created = await page.request.post('/api/dictionaries/import', {
    data: {
      name: 'Tiere',
      fromLanguage: 'de',
      toLanguage: 'en',
      words: [{ term: 'das Pferd', definitions: ['horse'] }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { dictionary } = (await created.json()) as { dictionary: { id: string } };

  await page.goto(`/dictionaries/${dictionary.id}/import`);
  await page.getByRole('link', { name: 'Import an Anki package' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import from Anki' })).toBeVisible();

  const apkg = await apkgExportPackage(
    'Tiere A1',
    [
      { front: 'der Hund', back: 'dog<br>hound' },
      { front: 'die Katze', back: 'cat &amp; kitty' },
      { front: 'das Pferd', back: 'horse' },
      { front: 'DER HUND', back: 'dog again' },
      { front: 'die Maus', back: 'mouse<br><img src="maus.png">' },
    ],
    [{ name: 'maus.png', data: solidPng(320, 240, [120, 120, 120]) }],
  );
  await page.getByTestId('anki-file').setInputFiles({
    name: 'tiere.apkg',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(apkg),
  });
  const counts = page.getByTestId('anki-counts');
  await expect(counts).toContainText('Words to add3');
  await expect(counts).toContainText('Duplicates skipped2');
  await expect(page.getByText('Deck: Tiere A1')).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.locator('tr[data-status="ready"]')).toHaveCount(3);
  await expect(table.locator('tr[data-status="skipped"]')).toHaveCount(2);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Import 3 words' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Tiere' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'der Hund' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'die Katze' })).toBeVisible();
  // The note's picture became the word's, shown in the list.
  const maus = page.getByRole('table', { name: 'Words' }).getByRole('img', { name: 'die Maus' });
  await expect(maus).toBeVisible();
  await expect
    .poll(() => maus.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);

  // Anki 2.1's own export: cloze notes come with their sentences as examples.
  await page.goto(`/dictionaries/${dictionary.id}/import/anki`);
  await page.getByTestId('anki-file').setInputFiles({
    name: 'mixed.apkg',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(legacyAnkiPackage()),
  });
  await expect(table.locator('tr[data-status="ready"]')).toHaveCount(6);
  await expect(table.locator('tr[data-status="ready"]').first()).toContainText(
    'In a cloze, some fields are hidden.',
  );
  await page.getByRole('button', { name: 'Import 6 words' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tiere' })).toBeVisible();

  const download = page.waitForEvent('download');
  await (await dictionaryAction(page, 'button', 'Export for Anki (.apkg)')).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Tiere.apkg');
  const exported = new Uint8Array(await readFile(await file.path()));

  // Read as Anki reads it: the SQLite collection itself.
  const collection = await readCollection(exported);
  expect(collection.integrity).toBe('ok');
  expect(collection.ver).toBe(11);
  expect(Object.values(collection.decks).map((deck) => deck.name)).toContain('Tiere');
  expect(Object.values(collection.models)[0]?.flds.map((field) => field.name)).toEqual([
    'Term',
    'Definitions',
    'Example',
    'Picture',
    'Audio',
  ]);
  expect(collection.notes).toHaveLength(10);
  expect(collection.cards).toHaveLength(10);
  const hund = collection.notes.find((note) => note[4] === 'der Hund');
  expect(String(hund?.[3]).split('\x1f')).toEqual(['der Hund', 'dog<br>hound', '', '', '']);
  // The picture travels as Anki's media: a numbered file in the package, named in `media`,
  // which the note's Picture field shows.
  const mausNote = String(collection.notes.find((note) => note[4] === 'die Maus')?.[3]).split('\x1f');
  const pictureName = /^<img src="([^"]+)">$/.exec(mausNote[3] ?? '')?.[1];
  expect(pictureName).toBeDefined();
  const entry = Object.entries(collection.media).find(([, name]) => name === pictureName)?.[0];
  expect(entry).toBeDefined();
  expect(collection.names).toContain(entry);
  const fields = collection.notes.find((note) => note[4] === 'fields');
  expect(String(fields?.[3]).split('\x1f')[2]).toBe('In a cloze, some fields are hidden.');

  // And through our importer: every note reads back as the word it came from (all already
  // in the dictionary, so the preview skips them).
  const preview = await page.request.post(`/api/dictionaries/${dictionary.id}/import/anki/preview`, {
    headers: { 'content-type': 'application/octet-stream' },
    data: Buffer.from(exported),
  });
  expect(preview.status(), await preview.text()).toBe(200);
  const read = (await preview.json()) as {
    deck: string;
    counts: { total: number; skipped: number };
    rows: { term: string; definitions: string[]; examples: string[] }[];
  };
  expect(read.deck).toBe('Tiere');
  expect(read.counts).toMatchObject({ total: 10, skipped: 10 });
  expect(read.rows.find((row) => row.term === 'der Hund')).toMatchObject({ definitions: ['dog', 'hound'] });
  expect(read.rows.find((row) => row.term === 'die Katze')).toMatchObject({ definitions: ['cat & kitty'] });
  expect(read.rows.find((row) => row.term === 'fields')).toMatchObject({
    examples: ['In a cloze, some fields are hidden.'],
  });
});

/**
 * A package on a slow connection (issue 44): the page shows a bar with the bytes sent while
 * it goes out, then says the package is being read. The upload is slowed by Chromium's own
 * network emulation; every state the status takes is recorded as the page draws it.
 */
test('shows the upload of a package as it goes, then that the package is being read', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await enterAsGuest(page);
  const created = await page.request.post('/api/dictionaries', {
    data: { name: 'Langsam', fromLanguage: 'de', toLanguage: 'en' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/dictionaries/${id}/import/anki`);
  await expect(page.getByRole('heading', { level: 1, name: 'Import from Anki' })).toBeVisible();

  // Half a megabyte that does not compress, so the package itself is that large.
  const noise = new Uint8Array(512 * 1024);
  for (let offset = 0; offset < noise.length; offset += 65_536)
    crypto.getRandomValues(noise.subarray(offset, offset + 65_536));
  const apkg = await apkgExportPackage(
    'Langsam',
    [{ front: 'der Hund', back: 'dog' }],
    [{ name: 'noise.bin', data: noise }],
  );
  expect(apkg.byteLength).toBeGreaterThan(500 * 1024);

  await page.evaluate(() => {
    const states: string[] = [];
    (window as unknown as { uploadStates: string[] }).uploadStates = states;
    new MutationObserver(() => {
      const status = document.querySelector('[data-testid="upload-status"]');
      if (!status) return;
      const bar = status.querySelector('[role="progressbar"]');
      const state = bar
        ? `bar ${bar.getAttribute('aria-valuenow')}/${bar.getAttribute('aria-valuemax')}`
        : `text ${status.textContent}`;
      if (states.at(-1) !== state) states.push(state);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 160 * 1024,
  });

  await page.getByTestId('anki-file').setInputFiles({
    name: 'langsam.apkg',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(apkg),
  });
  const bar = page.getByRole('progressbar', { name: 'Upload' });
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('upload-status')).toContainText(/\d+ kB of \d+ kB sent/);
  await expect(page.getByTestId('anki-counts')).toContainText('Words to add1');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const states = await page.evaluate(() => (window as unknown as { uploadStates: string[] }).uploadStates);
  const bars = states.filter((state) => state.startsWith('bar '));
  const sent = bars.map((state) => Number(state.slice(4).split('/')[0]));
  const total = Number(bars[0]?.split('/')[1]);
  expect(total).toBeGreaterThanOrEqual(apkg.byteLength);
  // Several steps on the way, growing, none of them the end.
  expect(sent.length).toBeGreaterThan(2);
  expect(sent.every((value, index) => index === 0 || value >= sent[index - 1]!)).toBe(true);
  expect(sent.every((value) => value < total)).toBe(true);
  // A bar from the start; then, the whole package sent, the page says it is reading it.
  expect(states[0]).toBe(bars[0]);
  expect(states.at(-1)).toBe('text Reading the package…');
  expect(states.indexOf('text Reading the package…')).toBeGreaterThan(states.indexOf(bars.at(-1)!));
});
