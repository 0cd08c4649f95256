import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import { strToU8, unzipSync, zipSync } from 'fflate';
import initSqlJs from 'sql.js';

/**
 * Anki packages for the tests, made by third parties (README.md beside this file): Anki's own
 * files fetched from a public repository, and packages written by the `anki-apkg-export` npm
 * package. Never only by our exporter.
 */

const here = import.meta.dirname;
const require = createRequire(import.meta.url);

/** Anki 2.1's export: collection.anki21 + anki2 stub, JSON media map, one picture. */
export const legacyAnkiPackage = (): Uint8Array => readFileSync(path.join(here, 'mixed-legacy-2.apkg'));
/** Anki 23.10+'s export of an empty collection: collection.anki21b (zstd), protobuf media map. */
export const latestEmptyAnkiPackage = (): Uint8Array => readFileSync(path.join(here, 'empty-latest.apkg'));

interface AnkiExportDeck {
  addCard(front: string, back: string, options?: { tags?: string[] }): void;
  addMedia(name: string, data: Uint8Array): void;
  save(options?: { type: 'uint8array' }): Promise<Uint8Array>;
}

/**
 * A legacy package (collection.anki2) written by the anki-apkg-export npm package. Its
 * exporter is built from its parts (the same as its default export does in Node), so that it
 * also runs under jsdom, where the package would take its browser path.
 */
export async function apkgExportPackage(
  deckName: string,
  cards: readonly { front: string; back: string }[],
  media: readonly { name: string; data: Uint8Array }[] = [],
): Promise<Uint8Array> {
  const own = createRequire(require.resolve('anki-apkg-export'));
  const Exporter = (own('./exporter') as { default: new (name: string, parts: unknown) => AnkiExportDeck })
    .default;
  const template = (own('./template') as { default: (css?: unknown) => string }).default;
  const deck = new Exporter(deckName, { template: template(), sql: own('sql.js') });
  for (const card of cards) deck.addCard(card.front, card.back);
  for (const file of media) deck.addMedia(file.name, file.data);
  return new Uint8Array(await deck.save({ type: 'uint8array' }));
}

/** A zstd frame of raw (stored) blocks: valid zstd any decoder reads, no compressor needed. */
export function zstdStored(data: Uint8Array): Uint8Array {
  const BLOCK = 128 * 1024;
  // Magic number; frame header: no checksum, no content size; window 2^17 (one block).
  const parts: number[] = [0x28, 0xb5, 0x2f, 0xfd, 0x00, (17 - 10) << 3];
  const out: Uint8Array[] = [new Uint8Array(parts)];
  let offset = 0;
  do {
    const size = Math.min(BLOCK, data.length - offset);
    const last = offset + size >= data.length ? 1 : 0;
    const header = (size << 3) | last; // block type 0: raw
    out.push(new Uint8Array([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]));
    out.push(data.subarray(offset, offset + size));
    offset += size;
  } while (offset < data.length);
  const total = out.reduce((sum, part) => sum + part.length, 0);
  const frame = new Uint8Array(total);
  let at = 0;
  for (const part of out) {
    frame.set(part, at);
    at += part.length;
  }
  return frame;
}

function protobufBytes(field: number, value: Uint8Array): number[] {
  return [...varint(field * 8 + 2), ...varint(value.length), ...value];
}
function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}

/** The newest media map: zstd protobuf `MediaEntries { repeated MediaEntry { name = 1; size = 2 } }`. */
export function protobufMediaMap(names: readonly string[]): Uint8Array {
  const entries = names.flatMap((name) =>
    protobufBytes(1, new Uint8Array([...protobufBytes(1, strToU8(name)), 0x10, ...varint(1)])),
  );
  return zstdStored(new Uint8Array(entries));
}

/** Note types of Anki's schema-18 collection in empty-latest.apkg: Basic and Cloze. */
export const LATEST_BASIC = 1751388960062;
export const LATEST_CLOZE = 1751388960066;

/**
 * A schema-18 package (collection.anki21b) with these notes: Anki's own empty collection from
 * empty-latest.apkg with the notes added to its `notes` and `cards` tables.
 */
export async function latestAnkiPackage(
  notes: readonly { type: number; fields: readonly string[] }[],
  media: readonly { name: string; data: Uint8Array }[] = [],
): Promise<Uint8Array> {
  const files = unzipSync(latestEmptyAnkiPackage());
  const SQL = await initSqlJs({ locateFile: () => require.resolve('sql.js/dist/sql-wasm.wasm') });
  const db = new SQL.Database(zstdDecompressSync(files['collection.anki21b'] as Uint8Array));
  try {
    notes.forEach((note, index) => {
      const id = 1_700_000_000_000 + index;
      db.run("INSERT INTO notes VALUES (?, ?, ?, 0, -1, '', ?, ?, 0, 0, '')", [
        id,
        `guid${index}`,
        note.type,
        note.fields.join('\x1f'),
        note.fields[0] ?? '',
      ]);
      db.run("INSERT INTO cards VALUES (?, ?, 1, 0, 0, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')", [
        id,
        id,
        index + 1,
      ]);
    });
    const out: Record<string, Uint8Array> = {
      meta: files.meta as Uint8Array,
      'collection.anki21b': zstdStored(db.export()),
      'collection.anki2': files['collection.anki2'] as Uint8Array,
      media: protobufMediaMap(media.map((file) => file.name)),
    };
    media.forEach((file, index) => {
      out[String(index)] = zstdStored(file.data);
    });
    return zipSync(out);
  } finally {
    db.close();
  }
}

/** Our export read the way Anki reads a schema-11 collection, with sql.js directly. */
export async function readCollection(apkg: Uint8Array) {
  const files = unzipSync(apkg);
  const SQL = await initSqlJs({ locateFile: () => require.resolve('sql.js/dist/sql-wasm.wasm') });
  const db = new SQL.Database(files['collection.anki2']);
  try {
    const values = (sql: string) => db.exec(sql)[0]?.values ?? [];
    const [col] = values('SELECT ver, models, decks, dconf, conf FROM col WHERE id = 1');
    const integrity = values('PRAGMA integrity_check')[0]?.[0];
    return {
      names: Object.keys(files).sort(),
      media: JSON.parse(new TextDecoder().decode(files.media)) as Record<string, string>,
      integrity,
      ver: col?.[0],
      models: JSON.parse(String(col?.[1])) as Record<
        string,
        {
          id: number;
          name: string;
          type: number;
          did: number;
          flds: { name: string; ord: number }[];
          tmpls: unknown[];
        }
      >,
      decks: JSON.parse(String(col?.[2])) as Record<string, { id: number; name: string }>,
      notes: values('SELECT id, guid, mid, flds, sfld, csum FROM notes ORDER BY id'),
      cards: values('SELECT nid, did, ord, type, queue, due FROM cards ORDER BY id'),
    };
  } finally {
    db.close();
  }
}
