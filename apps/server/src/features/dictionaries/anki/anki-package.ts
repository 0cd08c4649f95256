import { strFromU8, unzipSync } from 'fflate';
import { Decompress } from 'fzstd';
import type initSqlJs from 'sql.js';
import { noteToWord, type NoteWord } from './anki-text';
import { sqlite } from './sqlite';

/**
 * Reading an Anki package (.apkg) — docs/decisions/0061-anki-import-export.md. A package is a
 * zip holding one SQLite collection and a media map:
 * - `collection.anki2`: schema 11, Anki before 2.1 (and a stub beside newer collections);
 * - `collection.anki21`: schema 11 with Anki 2.1 features;
 * - `collection.anki21b`: zstd-compressed, schema 18 (tables `notetypes`, `fields`, `decks`),
 *   Anki 2.1.50+ with the "support older versions" box unticked;
 * - `media`: JSON `{"0": "cat.jpg"}` in old packages, zstd-compressed protobuf `MediaEntries`
 *   in the newest; the files themselves are zip entries named by number.
 * Anything else, or a broken file, is an `AnkiPackageError`.
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

/** Reads a package's notes as words; throws `AnkiPackageError` when it is not one. */
export async function readAnkiPackage(bytes: Uint8Array): Promise<AnkiPackage> {
  const entries = unzipEntries(bytes);
  const collection = COLLECTION_FILES.find((name) => entries.has(name));
  if (!collection) throw new AnkiPackageError('no collection in the package');
  const raw = entries.get(collection) as Uint8Array;
  const data = collection === 'collection.anki21b' ? zstd(raw, MAX_COLLECTION_BYTES) : raw;
  const media = readMediaMap(entries.get('media'));

  const SQL = await sqlite().catch((error: unknown) => {
    throw new Error('SQLite could not start', { cause: error });
  });
  let db: Database | undefined;
  try {
    db = new SQL.Database(data);
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

/** The zip entries a package is read from (media files themselves stay unread). */
function unzipEntries(bytes: Uint8Array): Map<string, Uint8Array> {
  const wanted = new Set<string>([...COLLECTION_FILES, 'media']);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!wanted.has(file.name)) return false;
        const max = file.name === 'media' ? MAX_MEDIA_MAP_BYTES : MAX_COLLECTION_BYTES;
        if (file.originalSize > max) throw new AnkiPackageError(`${file.name} is too large`);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AnkiPackageError) throw error;
    throw new AnkiPackageError('not a zip file', { cause: error });
  }
  return new Map(Object.entries(files));
}

/** zstd-decompresses at most `max` bytes. */
export function zstd(data: Uint8Array, max: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const stream = new Decompress((chunk) => {
    total += chunk.length;
    if (total > max) throw new AnkiPackageError('zstd data too large');
    chunks.push(chunk);
  });
  try {
    stream.push(data, true);
  } catch (error) {
    if (error instanceof AnkiPackageError) throw error;
    throw new AnkiPackageError('broken zstd data', { cause: error });
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

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
          map.set(strFromU8(name), String(typeof legacy === 'number' ? legacy : index));
        }
      });
      return map;
    }
    const json = JSON.parse(strFromU8(data)) as unknown;
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

/** Schema 11: note types are JSON in `col.models`, `{ "<id>": { flds: [{ name, ord }] } }`. */
function fieldNamesV11(db: Database): Map<string, string[]> {
  const names = new Map<string, string[]>();
  const models = parseJsonObject(scalar(db, 'SELECT models FROM col LIMIT 1'));
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
  for (const [ntid, ord, name] of rows(db, 'SELECT ntid, ord, name FROM fields')) {
    const list = names.get(String(ntid)) ?? [];
    list[Number(ord)] = String(name ?? '');
    names.set(String(ntid), list);
  }
  return names;
}

/** The name of the deck holding most cards. */
function mainDeck(db: Database, schema: number): string | null {
  const did = scalar(db, 'SELECT did FROM cards GROUP BY did ORDER BY count(*) DESC, did LIMIT 1');
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
  const decks = parseJsonObject(scalar(db, 'SELECT decks FROM col LIMIT 1'));
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
 * Some of a package's media files, by zip entry (docs/decisions/0063-word-media.md): each at
 * most `maxBytes` (larger ones are left out, as are entries the zip does not have). Files of
 * the newest packages are zstd-compressed inside the zip; they come back decompressed.
 */
export function readMediaFiles(
  bytes: Uint8Array,
  entries: ReadonlySet<string>,
  maxBytes: number,
): Map<string, Uint8Array> {
  if (entries.size === 0) return new Map();
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => entries.has(file.name) && file.originalSize <= maxBytes,
    });
  } catch (error) {
    throw new AnkiPackageError('not a zip file', { cause: error });
  }
  const found = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(files)) {
    try {
      found.set(name, isZstd(data) ? zstd(data, maxBytes) : data);
    } catch {
      // A file past the limit once decompressed, or broken: the word goes without it.
    }
  }
  return found;
}
