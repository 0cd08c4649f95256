import { createHash, randomInt } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { htmlToText, textToField } from './anki-text';
import { sqlite } from './sqlite';

/**
 * Writing a dictionary as an Anki package (docs/decisions/0061-anki-import-export.md): a zip
 * with `collection.anki2` (SQLite, schema 11: the one every Anki since 2.0, AnkiDroid, AnkiMobile
 * and third-party readers open) and a JSON `media` map. One note type, "Wordhoard", with the
 * fields Term, Definitions, Example, Picture and Audio and one card (term → the rest); one deck
 * named after the dictionary; every card new.
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

export async function writeAnkiPackage(input: AnkiExportInput): Promise<Uint8Array> {
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
    const conf = {
      activeDecks: [deckId],
      curDeck: deckId,
      newSpread: 0,
      collapseTime: 1200,
      timeLim: 0,
      estTimes: true,
      dueCounts: true,
      curModel: String(modelId),
      nextPos: input.words.length + 1,
      sortType: 'noteFld',
      sortBackwards: false,
      addToCur: true,
    };
    db.exec(SCHEMA_11);
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
    const insertNote = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)');
    const insertCard = db.prepare(
      'INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)',
    );
    try {
      input.words.forEach((word, index) => {
        const fields = [
          textToField([word.term]),
          textToField(word.definitions),
          textToField(word.examples ?? []),
          word.picture ? `<img src="${escapeAttribute(word.picture)}">` : '',
          word.audio ? `[sound:${word.audio}]` : '',
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
      });
    } finally {
      insertNote.free();
      insertCard.free();
    }
    const media = input.media ?? [];
    const files: Record<string, Uint8Array> = {
      'collection.anki2': db.export(),
      media: strToU8(
        JSON.stringify(Object.fromEntries(media.map((file, index) => [String(index), file.name]))),
      ),
    };
    media.forEach((file, index) => {
      files[String(index)] = file.data;
    });
    return zipSync(files, { level: 6 });
  } finally {
    db.close();
  }
}
