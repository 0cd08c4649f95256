import { createHash, randomInt } from 'node:crypto';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { htmlToText, textToField } from './anki-text';
import { sqlite } from './sqlite';

/**
 * Writing a dictionary as an Anki package (docs/decisions/0061-anki-import-export.md): a zip
 * with `collection.anki2` (SQLite, schema 11: the one every Anki since 2.0, AnkiDroid, AnkiMobile
 * and third-party readers open) and a JSON `media` map. One note type, "Wordhoard", with the
 * fields Term, Definitions, Example, Picture and Audio and one card (term → the rest); one deck
 * named after the dictionary; every card new.
 *
 * The package is written as it is sent (docs/decisions/0076-bounded-exports-and-late-reviews.md):
 * the media files go into the zip one at a time, as they are read, and the collection (which
 * SQLite builds in memory) holds one dictionary's words, at most the largest role's word limit
 * (5,000; a few MB). The words are read a page at a time. Package readers find the entries
 * through the zip's central directory, so the media coming before the collection is no matter.
 */

export const NOTE_TYPE_FIELDS = ['Term', 'Definitions', 'Example', 'Picture', 'Audio'] as const;

export interface AnkiExportWord {
  term: string;
  definitions: readonly string[];
  examples?: readonly string[];
  /** A media file name from `media` (the word's picture and recording, decision 0063). */
  picture?: string;
  audio?: string;
}

export interface AnkiExportInput {
  deckName: string;
  words: readonly AnkiExportWord[];
  media?: readonly { name: string; data: Uint8Array }[];
  /** Now: ids and modification times come from it. */
  now: Date;
}

/** What a package is written from as it is sent. */
export interface AnkiExportSource {
  deckName: string;
  /** Now: ids and modification times come from it. */
  now: Date;
  /** The media files, one at a time; read before the words. */
  media: AsyncIterable<{ name: string; data: Uint8Array }>;
  /**
   * The notes, a page at a time, in order; read after the media. A picture or recording whose
   * file did not come (the store lost it) is left out of its note.
   */
  words: AsyncIterable<readonly AnkiExportWord[]>;
}

/** Compressed parts of the zip are handed on in slices, so no one step holds the thread long. */
const SLICE_BYTES = 256 * 1024;

const SCHEMA_11 = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null,
  scm integer not null, ver integer not null, dty integer not null, usn integer not null,
  ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null,
  mod integer not null, usn integer not null, tags text not null, flds text not null,
  sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null,
  ord integer not null, mod integer not null, usn integer not null, type integer not null,
  queue integer not null, due integer not null, ivl integer not null, factor integer not null,
  reps integer not null, lapses integer not null, left integer not null, odue integer not null,
  odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null,
  ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null,
  time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
`;

const CSS = `.card { font-family: system-ui, sans-serif; font-size: 22px; text-align: center; color: black; background-color: white; }
.example { font-style: italic; margin-top: 0.75em; }`;

const FRONT = '{{Term}}';
const BACK =
  '{{FrontSide}}\n\n<hr id=answer>\n\n{{Definitions}}\n{{#Example}}<div class="example">{{Example}}</div>{{/Example}}\n{{Picture}}\n{{Audio}}';

/** Anki's note guid: random, base91-like, 10 characters. */
const GUID_ALPHABET =
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~';
const guid = () => Array.from({ length: 10 }, () => GUID_ALPHABET[randomInt(GUID_ALPHABET.length)]).join('');

/** Anki's checksum of the sort field: the first 8 hex digits of its SHA-1, as a number. */
export const fieldChecksum = (text: string): number =>
  parseInt(createHash('sha1').update(text, 'utf8').digest('hex').slice(0, 8), 16);

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The whole package at once (small packages, and the tests). */
export async function writeAnkiPackage(input: AnkiExportInput): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of ankiPackageParts({
    deckName: input.deckName,
    now: input.now,
    media: (async function* () {
      yield* input.media ?? [];
    })(),
    words: (async function* () {
      yield input.words;
    })(),
  }))
    parts.push(part);
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/** The package's bytes, in order, as they are made. */
export async function* ankiPackageParts(input: AnkiExportSource): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    yield* out.splice(0);
  };
  // Pushes a file in slices and hands on what each made: one step never holds the thread long.
  const add = async function* (name: string, data: Uint8Array, level: 0 | 6) {
    const file = new ZipDeflate(name, { level });
    zip.add(file);
    if (data.length === 0) file.push(data, true);
    for (let start = 0; start < data.length; start += SLICE_BYTES) {
      file.push(data.subarray(start, start + SLICE_BYTES), start + SLICE_BYTES >= data.length);
      yield* drain();
    }
    yield* drain();
  };

  // The media first: then the notes know which files made it into the package.
  const names: string[] = [];
  for await (const file of input.media) {
    // Pictures and recordings are compressed already: stored (deflate level 0) costs no time.
    yield* add(String(names.length), file.data, 0);
    names.push(file.name);
  }
  const collection = await writeCollection(input, new Set(names));
  yield* add('collection.anki2', collection, 6);
  const media = Object.fromEntries(names.map((name, index) => [String(index), name]));
  yield* add('media', strToU8(JSON.stringify(media)), 6);
  zip.end();
  yield* drain();
}

/** The schema-11 SQLite collection of the notes (with references to the `present` media only). */
async function writeCollection(input: AnkiExportSource, present: ReadonlySet<string>): Promise<Uint8Array> {
  const SQL = await sqlite();
  const db = new SQL.Database();
  try {
    const nowMs = input.now.getTime();
    const nowSec = Math.floor(nowMs / 1000);
    const modelId = nowMs;
    const deckId = nowMs + 1;
    const model = {
      id: modelId,
      name: 'Wordhoard',
      type: 0,
      mod: nowSec,
      usn: -1,
      sortf: 0,
      did: deckId,
      tmpls: [
        {
          name: 'Card 1',
          ord: 0,
          qfmt: FRONT,
          afmt: BACK,
          bqfmt: '',
          bafmt: '',
          did: null,
          bfont: '',
          bsize: 0,
        },
      ],
      flds: NOTE_TYPE_FIELDS.map((name, ord) => ({
        name,
        ord,
        sticky: false,
        rtl: false,
        font: 'Arial',
        size: 20,
        media: [],
      })),
      css: CSS,
      latexPre:
        '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
      latexPost: '\\end{document}',
      latexsvg: false,
      req: [[0, 'any', [0]]],
      tags: [],
      vers: [],
    };
    const deck = (id: number, name: string) => ({
      id,
      name,
      mod: nowSec,
      usn: -1,
      lrnToday: [0, 0],
      revToday: [0, 0],
      newToday: [0, 0],
      timeToday: [0, 0],
      collapsed: false,
      browserCollapsed: false,
      desc: '',
      dyn: 0,
      conf: 1,
      extendNew: 0,
      extendRev: 0,
    });
    const deckConfig = {
      id: 1,
      name: 'Default',
      mod: 0,
      usn: 0,
      maxTaken: 60,
      autoplay: true,
      timer: 0,
      replayq: true,
      dyn: false,
      new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
      lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
      rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
    };
    db.exec(SCHEMA_11);
    // One transaction for all the notes: autocommitted, each insert wrote a journal and the file
    // again (5,000 words: ~1.5 s, and the process grew by ~100 MB; now ~0.2 s and ~40 MB).
    db.exec('BEGIN');
    const insertNote = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)');
    const insertCard = db.prepare(
      'INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)',
    );
    let index = 0;
    try {
      for await (const page of input.words) {
        for (const word of page) {
          const picture = word.picture !== undefined && present.has(word.picture) ? word.picture : undefined;
          const audio = word.audio !== undefined && present.has(word.audio) ? word.audio : undefined;
          const fields = [
            textToField([word.term]),
            textToField(word.definitions),
            textToField(word.examples ?? []),
            picture ? `<img src="${escapeAttribute(picture)}">` : '',
            audio ? `[sound:${audio}]` : '',
          ];
          const sortField = htmlToText(fields[0] as string);
          const id = nowMs + index;
          insertNote.run([
            id,
            guid(),
            modelId,
            nowSec,
            '',
            fields.join('\x1f'),
            sortField,
            fieldChecksum(sortField),
            '',
          ]);
          insertCard.run([id, id, deckId, nowSec, index + 1, '']);
          index += 1;
        }
      }
    } finally {
      insertNote.free();
      insertCard.free();
    }
    const conf = {
      activeDecks: [deckId],
      curDeck: deckId,
      newSpread: 0,
      collapseTime: 1200,
      timeLim: 0,
      estTimes: true,
      dueCounts: true,
      curModel: String(modelId),
      nextPos: index + 1,
      sortType: 'noteFld',
      sortBackwards: false,
      addToCur: true,
    };
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      nowSec,
      nowMs,
      nowMs,
      JSON.stringify(conf),
      JSON.stringify({ [modelId]: model }),
      JSON.stringify({ 1: deck(1, 'Default'), [deckId]: deck(deckId, input.deckName) }),
      JSON.stringify({ 1: deckConfig }),
      '{}',
    ]);
    db.exec('COMMIT');
    return db.export();
  } finally {
    db.close();
  }
}
