import { promisify } from 'node:util';
import { zstdDecompress, zstdDecompressSync } from 'node:zlib';
import type initSqlJs from 'sql.js';
import { noteToWord, type NoteWord } from './anki-text';
import { sqlite } from './sqlite';
import { readZipEntry, readZipEntryAsync, ZipError, zipEntries, type ZipEntry } from './zip';

/**
 * Reading an Anki package (.apkg) — docs/decisions/0061-anki-import-export.md. A package is a
 * zip holding one SQLite collection and a media map:
 * - `collection.anki2`: schema 11, Anki before 2.1 (and a stub beside newer collections);
 * - `collection.anki21`: schema 11 with Anki 2.1 features;
 * - `collection.anki21b`: zstd-compressed, schema 18 (tables `notetypes`, `fields`, `decks`),
 *   Anki 2.1.50+ with the "support older versions" box unticked;
 * - `media`: JSON `{"0": "cat.jpg"}` in old packages, zstd-compressed protobuf `MediaEntries`
 *   in the newest; the files themselves are zip entries named by number.
 * Anything else, or a broken file, is an `AnkiPackageError`. A package is hostile until bounded
 * (docs/decisions/0077-anki-packages-off-the-request-thread.md): this runs in a worker thread
 * (anki.worker.ts) with a time and memory budget, every size is checked before anything is
 * inflated, every table read is capped, and a collection whose schema computes anything
 * (views, triggers, generated columns, virtual tables) is refused before a row is read.
 */

/** The collection the package is read from, newest first. */
export const COLLECTION_FILES = ['collection.anki21b', 'collection.anki21', 'collection.anki2'] as const;
export type CollectionFile = (typeof COLLECTION_FILES)[number];

/** Largest collection read, uncompressed: a guard against zip and zstd bombs. */
export const MAX_COLLECTION_BYTES = 64 * 1024 * 1024;
/**
 * Most notes read from one package: far past any role's word limit (5,000), so the preview's
 * counts are real for every dictionary, while a crafted package cannot make the server judge
 * millions of rows.
 */
export const MAX_NOTES = 20_000;
/** Largest media map read, uncompressed. */
const MAX_MEDIA_MAP_BYTES = 4 * 1024 * 1024;
/**
 * Most zip entries: the collection, its stub, the media map and a picture and a sound for each
 * of MAX_NOTES notes, with room to spare.
 */
export const MAX_ZIP_ENTRIES = 3 * MAX_NOTES;
/** Most schema objects (tables, indexes) a collection may have: Anki's own have about 30. */
const MAX_SCHEMA_OBJECTS = 200;
/** Most rows read from `cards` (to find the main deck) and from `fields`. */
const MAX_CARDS_READ = 5 * MAX_NOTES;
const MAX_FIELDS_READ = 10_000;
/** Longest note-type or deck JSON read from `col` (schema 11), in characters. */
const MAX_COL_JSON_CHARS = 8 * 1024 * 1024;

export class AnkiPackageError extends Error {
  override name = 'AnkiPackageError';
}

export interface AnkiNote extends NoteWord {
  /** Position in the package, 1-based, in the order the notes were created. */
  line: number;
}

export interface AnkiPackage {
  collection: CollectionFile;
  /** The deck most cards are in, `::` between nested names. */
  deck: string | null;
  notes: AnkiNote[];
  /** Media file name → the zip entry holding it (pictures and sounds: decision 0063). */
  media: Map<string, string>;
}

type Database = initSqlJs.Database;

/**
 * Reads a package's notes as words; throws `AnkiPackageError` when it is not one. Synchronous
 * work, for a worker thread (anki.worker.ts), never the event loop.
 */
export async function readAnkiPackage(bytes: Uint8Array): Promise<AnkiPackage> {
  const entries = packageEntries(bytes);
  const collection = COLLECTION_FILES.find((name) => entries.has(name));
  if (!collection) throw new AnkiPackageError('no collection in the package');
  const raw = entryBytes(bytes, entries.get(collection) as ZipEntry, MAX_COLLECTION_BYTES);
  const data = collection === 'collection.anki21b' ? zstd(raw, MAX_COLLECTION_BYTES) : raw;
  const mediaEntry = entries.get('media');
  const media = readMediaMap(mediaEntry ? entryBytes(bytes, mediaEntry, MAX_MEDIA_MAP_BYTES) : undefined);

  const SQL = await sqlite().catch((error: unknown) => {
    throw new Error('SQLite could not start', { cause: error });
  });
  let db: Database | undefined;
  try {
    db = new SQL.Database(data);
    refuseComputingSchema(db);
    forgetUnicase(db);
    requireTables(db);
    const schema = Number(scalar(db, 'SELECT ver FROM col LIMIT 1'));
    const names = schema >= 18 ? fieldNamesV18(db) : fieldNamesV11(db);
    const notes = rows(db, `SELECT mid, flds FROM notes ORDER BY id LIMIT ${MAX_NOTES}`).map(
      ([mid, flds], index) => ({
        line: index + 1,
        ...noteToWord(String(flds ?? '').split('\x1f'), names.get(String(mid)) ?? []),
      }),
    );
    return { collection, deck: mainDeck(db, schema), notes, media };
  } catch (error) {
    if (error instanceof AnkiPackageError) throw error;
    // sql.js: "file is not a database", "no such table: notes"…
    throw new AnkiPackageError('not an Anki collection', { cause: error });
  } finally {
    db?.close();
  }
}

/** The package's zip directory, checked whole before anything is inflated. */
export function packageEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  try {
    return zipEntries(bytes, MAX_ZIP_ENTRIES);
  } catch (error) {
    throw new AnkiPackageError(error instanceof ZipError ? error.message : 'not a zip file', {
      cause: error,
    });
  }
}

function entryBytes(bytes: Uint8Array, entry: ZipEntry, max: number): Uint8Array {
  try {
    return readZipEntry(bytes, entry, max);
  } catch (error) {
    throw new AnkiPackageError(error instanceof ZipError ? error.message : 'broken zip entry', {
      cause: error,
    });
  }
}

/** zstd-decompresses at most `max` bytes (node:zlib stops at the limit). */
export function zstd(data: Uint8Array, max: number): Uint8Array {
  try {
    return zstdDecompressSync(data, { maxOutputLength: max });
  } catch (error) {
    if (error instanceof RangeError) throw new AnkiPackageError('zstd data too large', { cause: error });
    throw new AnkiPackageError('broken zstd data', { cause: error });
  }
}

const zstdDecompressAsync = promisify(zstdDecompress) as (
  data: Uint8Array,
  options: { maxOutputLength: number },
) => Promise<Buffer>;

const utf8 = new TextDecoder();
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
const isZstd = (data: Uint8Array) => ZSTD_MAGIC.every((byte, index) => data[index] === byte);

/**
 * The media map: file name → zip entry. Old packages: JSON `{"<entry>": "<name>"}`. New ones:
 * zstd-compressed protobuf `MediaEntries { repeated MediaEntry entries = 1 }`, each entry
 * `{ string name = 1; uint32 size = 2; bytes sha1 = 3; optional uint32 legacy_zip_filename = 255 }`,
 * stored in the zip as its index (or its legacy_zip_filename when set). A missing or unreadable
 * map is an empty one: the words do not depend on it.
 */
export function readMediaMap(data: Uint8Array | undefined): Map<string, string> {
  const map = new Map<string, string>();
  if (!data || data.length === 0) return map;
  try {
    if (isZstd(data)) {
      const entries = protobufFields(zstd(data, MAX_MEDIA_MAP_BYTES)).filter((field) => field.number === 1);
      entries.forEach((entry, index) => {
        if (!(entry.value instanceof Uint8Array)) return;
        const fields = protobufFields(entry.value);
        const name = fields.find((field) => field.number === 1)?.value;
        const legacy = fields.find((field) => field.number === 255)?.value;
        if (name instanceof Uint8Array && name.length > 0) {
          map.set(utf8.decode(name), String(typeof legacy === 'number' ? legacy : index));
        }
      });
      return map;
    }
    const json = JSON.parse(utf8.decode(data)) as unknown;
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      for (const [entry, name] of Object.entries(json)) {
        if (typeof name === 'string' && name !== '') map.set(name, entry);
      }
    }
  } catch {
    return new Map();
  }
  return map;
}

interface ProtobufField {
  number: number;
  value: number | Uint8Array;
}

/** The top-level fields of a protobuf message: varints and length-delimited values. */
export function protobufFields(data: Uint8Array): ProtobufField[] {
  const fields: ProtobufField[] = [];
  let offset = 0;
  const varint = (): number => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (offset >= data.length || shift > 49) throw new AnkiPackageError('broken protobuf');
      const byte = data[offset++] as number;
      result += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7;
    }
  };
  while (offset < data.length) {
    const key = varint();
    const number = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) fields.push({ number, value: varint() });
    else if (wire === 2) {
      const length = varint();
      if (offset + length > data.length) throw new AnkiPackageError('broken protobuf');
      fields.push({ number, value: data.subarray(offset, offset + length) });
      offset += length;
    } else if (wire === 1) offset += 8;
    else if (wire === 5) offset += 4;
    else throw new AnkiPackageError('broken protobuf');
  }
  return fields;
}

/**
 * Schema 18 declares text columns `COLLATE unicase`, a collation only Anki defines; SQLite
 * cannot plan a query on the `fields` table (WITHOUT ROWID) without it. The collation only
 * orders names, so this in-memory copy's schema forgets it.
 */
function forgetUnicase(db: Database): void {
  db.exec(
    "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = replace(sql, 'COLLATE unicase', '') WHERE sql LIKE '%COLLATE unicase%'; PRAGMA writable_schema = RESET;",
  );
}

/**
 * Nothing in the collection may compute when it is read. SQLite evaluates a view's query, a
 * virtual column's expression and a virtual table's module on every read (200 notes with a
 * generated column froze the server for 7–11 s), and a trigger on any write; Anki's own
 * collections have none of them. Refused before any row is read.
 */
function refuseComputingSchema(db: Database): void {
  const objects = rows(db, `SELECT type, name, sql FROM sqlite_schema LIMIT ${MAX_SCHEMA_OBJECTS + 1}`);
  if (objects.length > MAX_SCHEMA_OBJECTS) throw new AnkiPackageError('too many schema objects');
  for (const [type, name, sql] of objects) {
    if (type === 'view' || type === 'trigger') throw new AnkiPackageError(`the collection has a ${type}`);
    if (type !== 'table') continue;
    if (/^\s*create\s+virtual\s+table/i.test(String(sql ?? ''))) {
      throw new AnkiPackageError('the collection has a virtual table');
    }
    // table_xinfo marks generated columns hidden = 2 (virtual) or 3 (stored).
    const statement = db.prepare('SELECT count(*) FROM pragma_table_xinfo(?) WHERE hidden IN (2, 3)');
    try {
      statement.bind([String(name)]);
      if (statement.step() && Number(statement.get()[0]) > 0) {
        throw new AnkiPackageError('the collection has generated columns');
      }
    } finally {
      statement.free();
    }
  }
}

/**
 * The tables read must be tables: a crafted file could make `notes` a view over an endless
 * recursive query, which reading it would run.
 */
function requireTables(db: Database): void {
  const found = new Map(
    rows(
      db,
      "SELECT name, type FROM sqlite_schema WHERE name IN ('col', 'notes', 'cards', 'decks', 'fields')",
    ).map(([name, type]) => [String(name), String(type)]),
  );
  for (const name of ['col', 'notes', 'cards']) {
    if (found.get(name) !== 'table') throw new AnkiPackageError(`no ${name} table`);
  }
  for (const name of ['decks', 'fields']) {
    if (found.has(name) && found.get(name) !== 'table') throw new AnkiPackageError(`${name} is not a table`);
  }
}

function rows(db: Database, sql: string): initSqlJs.SqlValue[][] {
  return db.exec(sql)[0]?.values ?? [];
}

function scalar(db: Database, sql: string): initSqlJs.SqlValue | undefined {
  return rows(db, sql)[0]?.[0];
}

/** A JSON column of `col`, or NULL when it is longer than anything Anki writes. */
const colJson = (column: 'models' | 'decks') =>
  `SELECT CASE WHEN length(${column}) <= ${MAX_COL_JSON_CHARS} THEN ${column} END FROM col LIMIT 1`;

/** Schema 11: note types are JSON in `col.models`, `{ "<id>": { flds: [{ name, ord }] } }`. */
function fieldNamesV11(db: Database): Map<string, string[]> {
  const names = new Map<string, string[]>();
  const models = parseJsonObject(scalar(db, colJson('models')));
  for (const [id, model] of Object.entries(models)) {
    const fields = (model as { flds?: unknown } | null)?.flds;
    if (!Array.isArray(fields)) continue;
    const sorted = fields
      .map((field: unknown, index) => {
        const { name, ord } = (field ?? {}) as { name?: unknown; ord?: unknown };
        return { name: typeof name === 'string' ? name : '', ord: typeof ord === 'number' ? ord : index };
      })
      .sort((a, b) => a.ord - b.ord);
    names.set(
      id,
      sorted.map((field) => field.name),
    );
  }
  return names;
}

/** Schema 18: one row per field in `fields (ntid, ord, name)`. */
function fieldNamesV18(db: Database): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const [ntid, ord, name] of rows(db, `SELECT ntid, ord, name FROM fields LIMIT ${MAX_FIELDS_READ}`)) {
    const list = names.get(String(ntid)) ?? [];
    // A field's position, as Anki numbers them (a crafted one could ask for a huge sparse array).
    const position = Number(ord);
    if (!Number.isInteger(position) || position < 0 || position >= 1000) continue;
    list[position] = String(name ?? '');
    names.set(String(ntid), list);
  }
  return names;
}

/** The name of the deck holding most cards. */
function mainDeck(db: Database, schema: number): string | null {
  const did = scalar(
    db,
    `SELECT did FROM (SELECT did FROM cards LIMIT ${MAX_CARDS_READ}) GROUP BY did ORDER BY count(*) DESC, did LIMIT 1`,
  );
  if (did === undefined || did === null) return null;
  if (schema >= 18) {
    const statement = db.prepare('SELECT name FROM decks WHERE id = ?');
    try {
      statement.bind([did]);
      const name = statement.step() ? statement.get()[0] : null;
      // Schema 18 separates nested deck names with \x1f where 11 wrote "::".
      return typeof name === 'string' && name !== '' ? name.replaceAll('\x1f', '::') : null;
    } finally {
      statement.free();
    }
  }
  const decks = parseJsonObject(scalar(db, colJson('decks')));
  const name = (decks[String(did)] as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name !== '' ? name : null;
}

function parseJsonObject(value: initSqlJs.SqlValue | undefined): Record<string, unknown> {
  if (typeof value !== 'string' || value === '') return {};
  const parsed = JSON.parse(value) as unknown;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

/**
 * One of a package's media files, by its zip entry (docs/decisions/0063-word-media.md): at most
 * `maxBytes`, or undefined when it is larger, missing or broken (the word goes without it).
 * Files of the newest packages are zstd-compressed inside the zip; they come back decompressed.
 * Inflated on the thread pool, one file at a time, so the event loop and memory stay free.
 */
export async function readMediaFile(
  bytes: Uint8Array,
  entries: ReadonlyMap<string, ZipEntry>,
  name: string,
  maxBytes: number,
): Promise<Uint8Array | undefined> {
  const entry = entries.get(name);
  if (!entry) return undefined;
  try {
    const data = await readZipEntryAsync(bytes, entry, maxBytes);
    return isZstd(data) ? await zstdDecompressAsync(data, { maxOutputLength: maxBytes }) : data;
  } catch {
    return undefined;
  }
}
