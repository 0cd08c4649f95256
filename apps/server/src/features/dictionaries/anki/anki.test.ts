import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  LATEST_BASIC,
  LATEST_CLOZE,
  apkgExportPackage,
  latestAnkiPackage,
  latestEmptyAnkiPackage,
  legacyAnkiPackage,
  readCollection,
  zstdStored,
} from '../../../../test/anki/packages';
import { fieldChecksum, writeAnkiPackage } from './anki-export';
import { AnkiPackageError, MAX_COLLECTION_BYTES, readAnkiPackage, readMediaMap, zstd } from './anki-package';
import { sqlite } from './sqlite';
import {
  clozes,
  decodeEntities,
  fieldMedia,
  htmlToLines,
  htmlToText,
  noteToWord,
  revealClozes,
} from './anki-text';

describe('HTML reduction', () => {
  it('decodes named and numeric entities, keeping unknown names', () => {
    expect(decodeEntities('caf&eacute; &amp; th&eacute;')).toBe('caf&eacute; & th&eacute;');
    expect(decodeEntities('&lt;b&gt; &quot;x&quot; &#39;y&#39; &#x1F600; &#233;&nbsp;!')).toBe(
      '<b> "x" \'y\' 😀 é !',
    );
    expect(decodeEntities('&#0; &#xD800; &#1114112;')).toBe('  ');
  });

  it('turns <br> and block tags into lines and drops other tags', () => {
    expect(htmlToLines('<div>to run</div><div>to <b>sprint</b></div>')).toEqual(['to run', 'to sprint']);
    expect(htmlToLines('one<br>two<br/>three<BR >four')).toEqual(['one', 'two', 'three', 'four']);
    expect(htmlToLines('<p>a</p>\n<ul><li>b</li><li>c&nbsp;d</li></ul>')).toEqual(['a', 'b', 'c d']);
    expect(htmlToLines('<style>.x{}</style><script>alert(1)</script>kept<!-- note -->')).toEqual(['kept']);
    expect(htmlToText('<span style="color: red">Stra&szlig;e</span><br>street')).toBe('Stra&szlig;e street');
  });

  it('removes sounds and pictures from the text and keeps their names', () => {
    const html = 'der Hund [sound:hund.mp3]<img src="hund&amp;katze.jpg"> <img src=\'x.png\' alt="">';
    expect(htmlToLines(html)).toEqual(['der Hund']);
    expect(fieldMedia(html)).toEqual({ pictures: ['hund&katze.jpg', 'x.png'], sounds: ['hund.mp3'] });
    // A remote picture is not a packaged file.
    expect(fieldMedia('<img src="https://example.com/a.png">').pictures).toEqual([]);
  });
});

describe('cloze deletions', () => {
  it('reads answers and hints in order and reveals the sentence', () => {
    const text = 'Clozes can have&nbsp;{{c1::hints::(something that helps)}} and {{c2::<b>more</b>}}.';
    expect(clozes(text)).toEqual([
      { number: 1, answer: 'hints', hint: '(something that helps)' },
      { number: 2, answer: 'more', hint: null },
    ]);
    expect(revealClozes(text)).toEqual(['Clozes can have hints and more.']);
  });

  it('leaves out image-occlusion masks', () => {
    const text = '{{c1::image-occlusion:rect:left=.1:top=.1:oi=1}}<br><img src="a.jpg">';
    expect(clozes(text)).toEqual([]);
    expect(revealClozes(text)).toEqual([]);
  });

  it('makes a cloze note a word: the first answer is the term, its hint a definition', () => {
    expect(
      noteToWord(
        ['Die {{c1::Katze::cat}} schläft auf dem {{c2::Sofa}}.', 'the cat, a pet'],
        ['Text', 'Back Extra'],
      ),
    ).toEqual({
      term: 'Katze',
      definitions: ['cat', 'the cat', 'a pet'],
      examples: ['Die Katze schläft auf dem Sofa.'],
      pictures: [],
      sounds: [],
    });
  });
});

describe('notes as words', () => {
  it('takes the first field as the term and the other non-empty fields as definitions', () => {
    expect(noteToWord(['<b>der Hund</b>', 'dog<br>hound, pooch', '', '[sound:hund.mp3]'])).toEqual({
      term: 'der Hund',
      definitions: ['dog', 'hound', 'pooch'],
      examples: [],
      pictures: [],
      sounds: ['hund.mp3'],
    });
  });

  it('reads example, picture and audio fields by their names', () => {
    const word = noteToWord(
      ['chat', 'cat', 'Le chat dort.<br>Un chat noir.', '<img src="chat.jpg">', '[sound:chat.mp3]'],
      ['Term', 'Definitions', 'Example', 'Picture', 'Audio'],
    );
    expect(word).toEqual({
      term: 'chat',
      definitions: ['cat'],
      examples: ['Le chat dort.', 'Un chat noir.'],
      pictures: ['chat.jpg'],
      sounds: ['chat.mp3'],
    });
  });

  it('keeps at most five examples, each once', () => {
    const lines = ['a', 'b', 'B', 'c', 'd', 'e', 'f'].join('<br>');
    expect(noteToWord(['x', 'y', lines], ['Front', 'Back', 'Examples']).examples).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
  });
});

describe('reading packages', () => {
  it('reads an Anki 2.1 export (collection.anki21 over the anki2 stub) with its media map', async () => {
    const read = await readAnkiPackage(legacyAnkiPackage());
    expect(read.collection).toBe('collection.anki21');
    expect(read.notes).toHaveLength(8);
    expect(read.media).toEqual(new Map([['paste-ab21b25dd3e4ba4af2a1d8bdfa4c47455e53abac.jpg', '0']]));
    const [fields, hints, shared, basic] = read.notes;
    expect(fields).toMatchObject({
      line: 1,
      term: 'fields',
      definitions: ['This is the "Back Extra" field of a cloze card.'],
      examples: ['In a cloze, some fields are hidden.'],
    });
    expect(hints).toMatchObject({
      term: 'hints',
      definitions: ['(something that helps)', expect.any(String)],
    });
    expect(shared?.examples).toEqual([
      'In one text, the first cloze and any other cloze can share a single reference.',
    ]);
    expect(basic).toMatchObject({
      term: 'This note is of type "Basic"',
      definitions: ['This is the "Back" field of type "Basic".'],
      examples: [],
    });
    // The image-occlusion note: no text for a term, but its picture is known.
    const occlusion = read.notes[7];
    expect(occlusion?.term).toBe('');
    expect(occlusion?.pictures).toEqual(['paste-ab21b25dd3e4ba4af2a1d8bdfa4c47455e53abac.jpg']);
  });

  // anki-apkg-export's own SQLite is asm.js, slow to start on a busy machine.
  it('reads a collection.anki2 written by anki-apkg-export', async () => {
    const apkg = await apkgExportPackage('Deutsch', [
      { front: 'der Hund', back: 'dog<br>hound' },
      { front: 'die Katze', back: 'cat &amp; kitty' },
    ]);
    const read = await readAnkiPackage(apkg);
    expect(read.collection).toBe('collection.anki2');
    expect(read.deck).toBe('Deutsch');
    expect(read.notes.map(({ term, definitions }) => ({ term, definitions }))).toEqual([
      { term: 'der Hund', definitions: ['dog', 'hound'] },
      { term: 'die Katze', definitions: ['cat & kitty'] },
    ]);
  });

  it('reads Anki 23.10+ (collection.anki21b, zstd, schema 18) and its protobuf media map', async () => {
    const empty = await readAnkiPackage(latestEmptyAnkiPackage());
    expect(empty).toMatchObject({ collection: 'collection.anki21b', notes: [], deck: null });
    expect(empty.media.size).toBe(0);

    const apkg = await latestAnkiPackage(
      [
        { type: LATEST_BASIC, fields: ['el perro', 'dog<img src="perro.jpg">'] },
        { type: LATEST_CLOZE, fields: ['Tengo un {{c1::gato::cat}}.', ''] },
      ],
      [{ name: 'perro.jpg', data: new Uint8Array([1, 2, 3]) }],
    );
    const read = await readAnkiPackage(apkg);
    expect(read.collection).toBe('collection.anki21b');
    expect(read.deck).toBe('Default');
    expect(read.media).toEqual(new Map([['perro.jpg', '0']]));
    expect(read.notes).toEqual([
      { line: 1, term: 'el perro', definitions: ['dog'], examples: [], pictures: ['perro.jpg'], sounds: [] },
      { line: 2, term: 'gato', definitions: ['cat'], examples: ['Tengo un gato.'], pictures: [], sounds: [] },
    ]);
  });

  it('refuses what is not a package', async () => {
    await expect(readAnkiPackage(strToU8('term,definition\n'))).rejects.toBeInstanceOf(AnkiPackageError);
    await expect(readAnkiPackage(zipSync({ 'notes.txt': strToU8('hi') }))).rejects.toBeInstanceOf(
      AnkiPackageError,
    );
    await expect(
      readAnkiPackage(zipSync({ 'collection.anki2': strToU8('not sqlite at all, just text') })),
    ).rejects.toBeInstanceOf(AnkiPackageError);
    await expect(
      readAnkiPackage(zipSync({ 'collection.anki21b': strToU8('not zstd') })),
    ).rejects.toBeInstanceOf(AnkiPackageError);
    // A truncated zip.
    const legacy = legacyAnkiPackage();
    await expect(readAnkiPackage(legacy.subarray(0, legacy.length / 2))).rejects.toBeInstanceOf(
      AnkiPackageError,
    );
  });

  it('refuses a collection whose notes are a view, not a table', async () => {
    const SQL = await sqlite();
    const db = new SQL.Database();
    db.exec(`CREATE TABLE col (ver integer, models text, decks text);
      INSERT INTO col VALUES (11, '{}', '{}');
      CREATE TABLE cards (did integer);
      CREATE VIEW notes AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
        SELECT n AS id, 0 AS mid, 'x' AS flds FROM r;`);
    const apkg = zipSync({ 'collection.anki2': db.export() });
    db.close();
    await expect(readAnkiPackage(apkg)).rejects.toThrow('the collection has a view');
  });

  it('stops decompressing past the size limit', () => {
    const big = zstdStored(new Uint8Array(300 * 1024));
    expect(() => zstd(big, 200 * 1024)).toThrow(AnkiPackageError);
    expect(zstd(big, MAX_COLLECTION_BYTES)).toHaveLength(300 * 1024);
  });

  it('reads a broken or missing media map as empty', () => {
    expect(readMediaMap(undefined).size).toBe(0);
    expect(readMediaMap(strToU8('{not json')).size).toBe(0);
    expect(readMediaMap(strToU8('{"3":"a.mp3","4":7}'))).toEqual(new Map([['a.mp3', '3']]));
  });
});

describe('writing packages', () => {
  const words = [
    { term: 'der Hund', definitions: ['dog', 'hound'], examples: ['Der Hund bellt.'] },
    { term: 'A & <B>', definitions: ['x'] },
  ];

  it('writes a schema-11 collection Anki opens: one note type, one deck, one new card per word', async () => {
    const apkg = await writeAnkiPackage({
      deckName: 'Deutsch 1',
      words,
      now: new Date('2026-11-25T10:00:00Z'),
    });
    const read = await readCollection(apkg);
    expect(read.names).toEqual(['collection.anki2', 'media']);
    expect(read.integrity).toBe('ok');
    expect(read.ver).toBe(11);
    expect(read.media).toEqual({});
    const models = Object.values(read.models);
    expect(models).toHaveLength(1);
    expect(models[0]?.flds.map((field) => field.name)).toEqual([
      'Term',
      'Definitions',
      'Example',
      'Picture',
      'Audio',
    ]);
    expect(models[0]?.tmpls).toHaveLength(1);
    const deck = Object.values(read.decks).find((candidate) => candidate.name === 'Deutsch 1');
    expect(deck).toBeDefined();
    expect(read.notes).toHaveLength(2);
    expect(read.notes[0]?.[3]).toBe('der Hund\x1fdog<br>hound\x1fDer Hund bellt.\x1f\x1f');
    expect(read.notes[1]?.[3]).toBe('A &amp; &lt;B&gt;\x1fx\x1f\x1f\x1f');
    expect(read.notes[1]?.[4]).toBe('A & <B>');
    expect(read.notes[0]?.[5]).toBe(fieldChecksum('der Hund'));
    expect(new Set(read.notes.map((note) => note[2]))).toEqual(new Set([models[0]?.id]));
    expect(read.cards).toEqual([
      [read.notes[0]?.[0], deck?.id, 0, 0, 0, 1],
      [read.notes[1]?.[0], deck?.id, 0, 0, 0, 2],
    ]);
  });

  it('reads back through our importer', async () => {
    const apkg = await writeAnkiPackage({ deckName: 'Deutsch 1', words, now: new Date() });
    const read = await readAnkiPackage(apkg);
    expect(read.deck).toBe('Deutsch 1');
    expect(read.notes.map(({ term, definitions, examples }) => ({ term, definitions, examples }))).toEqual([
      { term: 'der Hund', definitions: ['dog', 'hound'], examples: ['Der Hund bellt.'] },
      { term: 'A & <B>', definitions: ['x'], examples: [] },
    ]);
  });

  it('carries pictures in the media map for the picture round', async () => {
    const apkg = await writeAnkiPackage({
      deckName: 'D',
      words: [{ term: 'cat', definitions: ['Katze'], picture: 'cat.webp' }],
      media: [{ name: 'cat.webp', data: new Uint8Array([9, 9]) }],
      now: new Date(),
    });
    expect(unzipSync(apkg)['0']).toEqual(new Uint8Array([9, 9]));
    const read = await readAnkiPackage(apkg);
    expect(read.media).toEqual(new Map([['cat.webp', '0']]));
    expect(read.notes[0]?.pictures).toEqual(['cat.webp']);
  });

  it('leaves a file that did not come (the store lost it) out of its note, and keeps the rest', async () => {
    const apkg = await writeAnkiPackage({
      deckName: 'D',
      words: [
        { term: 'cat', definitions: ['Katze'], picture: 'cat.webp', audio: 'lost.wav' },
        { term: 'dog', definitions: ['Hund'], picture: 'lost.webp' },
      ],
      media: [{ name: 'cat.webp', data: new Uint8Array([9, 9]) }],
      now: new Date(),
    });
    const read = await readAnkiPackage(apkg);
    expect(read.media).toEqual(new Map([['cat.webp', '0']]));
    expect(read.notes.map((note) => [note.term, note.pictures, note.sounds])).toEqual([
      ['cat', ['cat.webp'], []],
      ['dog', [], []],
    ]);
  });
});
