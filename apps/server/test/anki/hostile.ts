import { strToU8, zipSync } from 'fflate';
import { sqlite } from '../../src/features/dictionaries/anki/sqlite';

/**
 * Packages an attacker would send (issue "No account can freeze the server"; decision 0077),
 * each a few kilobytes: they are what the hostile-package tests and the bench's attack round
 * send. A minimal schema-11 collection is enough: the reader needs `col`, `notes` and `cards`.
 */

/** A schema-11 collection with `notes` made by `notesTable`, holding `fields` (one note per entry). */
export async function collectionWith(
  fields: readonly string[],
  options: { notesTable?: string; extra?: string } = {},
): Promise<Uint8Array> {
  const SQL = await sqlite();
  const db = new SQL.Database();
  try {
    db.exec(`CREATE TABLE col (ver integer, models text, decks text);
      INSERT INTO col VALUES (11, '{}', '{}');
      CREATE TABLE cards (did integer);
      ${options.notesTable ?? 'CREATE TABLE notes (id integer primary key, mid integer, flds text);'}
      ${options.extra ?? ''}`);
    if (fields.length > 0) {
      const insert = db.prepare('INSERT INTO notes (id, mid, flds) VALUES (?, 0, ?)');
      fields.forEach((flds, index) => insert.run([index + 1, flds]));
      insert.free();
    }
    return db.export();
  } finally {
    db.close();
  }
}

/** A package of one collection.anki2 (and a media map, and files, when given). */
export const packageOf = (collection: Uint8Array, files: Record<string, Uint8Array> = {}): Uint8Array =>
  zipSync({ 'collection.anki2': collection, ...files }, { level: 9 });

/**
 * 200 notes whose `flds` column is generated: SQLite computes it on every read, here by
 * writing out 8 MB per row; read on the event loop, such a collection froze the server.
 */
export const generatedColumnCollection = () =>
  collectionWith([], {
    notesTable: `CREATE TABLE notes (id integer primary key, mid integer, raw text,
      flds text GENERATED ALWAYS AS (raw || substr(hex(zeroblob(4000000)), 1, 0)) VIRTUAL);`,
    extra: `WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 200)
      INSERT INTO notes (id, mid, raw) SELECT n, 0, 'word ' || n FROM r;`,
  });

/** One note whose field is 400,000 characters of unclosed tags: quadratic for a backtracking regex. */
export const unclosedTagsField = (chars = 400_000) => `term\x1f${'<a'.repeat(chars / 2)}`;

/**
 * The zip bomb of the issue: `count` media entries that all point at one compressed block of
 * `entryBytes` zeros (a few KB), each named by a note's picture, so that reading the media of
 * the notes inflates the block `count` times.
 */
export async function overlappingMediaPackage(
  count = 200,
  entryBytes = 4 * 1024 * 1024,
): Promise<Uint8Array> {
  const names = Array.from({ length: count }, (_, index) => `p${index}.jpg`);
  const collection = await collectionWith(
    names.map((name, index) => `word ${index}\x1fmeaning<img src="${name}">`),
  );
  const map = Object.fromEntries(names.map((name, index) => [String(index), name]));
  const zip = zipSync(
    { 'collection.anki2': collection, media: strToU8(JSON.stringify(map)), '0': new Uint8Array(entryBytes) },
    { level: 9 },
  );
  return withSharedEntries(zip, '0', count);
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/**
 * The zip with `copies - 1` more central-directory entries named "1", "2", … that all point at
 * the local header of `shared`: many names, one block of data.
 */
function withSharedEntries(zip: Uint8Array, shared: string, copies: number): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = zip.byteLength - 22;
  while (view.getUint32(eocd, true) !== EOCD) eocd -= 1;
  const count = view.getUint16(eocd + 10, true);
  const start = view.getUint32(eocd + 16, true);
  const entries: Uint8Array[] = [];
  let sharedEntry: Uint8Array | undefined;
  for (let at = start, index = 0; index < count; index += 1) {
    const length =
      46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const entry = zip.slice(at, at + length);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + view.getUint16(at + 28, true)));
    if (view.getUint32(at, true) !== CENTRAL) throw new Error('not a central directory entry');
    entries.push(entry);
    if (name === shared) sharedEntry = entry;
    at += length;
  }
  if (!sharedEntry) throw new Error(`no entry ${shared}`);
  const template = sharedEntry;
  for (let copy = 1; copy < copies; copy += 1) {
    const name = strToU8(String(copy));
    const entry = new Uint8Array(46 + name.length);
    entry.set(template.subarray(0, 46));
    const entryView = new DataView(entry.buffer);
    entryView.setUint16(28, name.length, true);
    entryView.setUint16(30, 0, true);
    entryView.setUint16(32, 0, true);
    entry.set(name, 46);
    entries.push(entry);
  }
  const directory = concat(entries);
  const end = new Uint8Array(22);
  const endView = new DataView(end.buffer);
  endView.setUint32(0, EOCD, true);
  endView.setUint16(8, entries.length, true);
  endView.setUint16(10, entries.length, true);
  endView.setUint32(12, directory.byteLength, true);
  endView.setUint32(16, start, true);
  return concat([zip.subarray(0, start), directory, end]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** A zip of one deflated entry whose directory declares `declared` bytes, less than the data inflates to. */
export function understatedEntryZip(data: Uint8Array, declared: number): Uint8Array {
  const zip = zipSync({ 'collection.anki2': data }, { level: 9 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = zip.byteLength - 22;
  while (view.getUint32(eocd, true) !== EOCD) eocd -= 1;
  const central = view.getUint32(eocd + 16, true);
  view.setUint32(central + 24, declared, true);
  return zip;
}
