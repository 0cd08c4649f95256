import { promisify } from 'node:util';
import { crc32, inflateRaw, inflateRawSync, type ZlibOptions } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw) as (data: Uint8Array, options: ZlibOptions) => Promise<Buffer>;

/**
 * A zip archive read with every size known before anything is inflated
 * (docs/decisions/0077-anki-packages-off-the-request-thread.md). A package is hostile until
 * bounded: its central directory is read and checked whole first — the entry count capped,
 * each entry's data inside the file and apart from every other entry's (a "zip bomb" points
 * many entries at one compressed block), no encryption, no zip64 (nothing we read needs it) —
 * and an entry is inflated only on request, to at most the size it declares and the caller's
 * limit, with its CRC checked.
 */

export class ZipError extends Error {
  override name = 'ZipError';
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** The uncompressed size the directory declares (inflating never goes past it). */
  size: number;
  crc: number;
  /** Where the entry's data starts in the file. */
  dataStart: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

/** The entries of a zip by name; throws `ZipError` when it is not a zip we read. */
export function zipEntries(bytes: Uint8Array, maxEntries: number): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfDirectory(bytes, view);
  const count = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryStart = view.getUint32(eocd + 16, true);
  if (count === 0xffff || directoryStart === 0xffffffff || directorySize === 0xffffffff) {
    throw new ZipError('zip64 archives are not read');
  }
  if (count > maxEntries) throw new ZipError(`more than ${maxEntries} entries`);
  if (directoryStart + directorySize > eocd) throw new ZipError('broken central directory');

  const entries = new Map<string, ZipEntry>();
  const spans: { start: number; end: number }[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let at = directoryStart;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw new ZipError('broken central directory');
    }
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localStart = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (at > eocd) throw new ZipError('broken central directory');
    if (flags & 1) throw new ZipError('encrypted entries are not read');
    if (compressedSize === 0xffffffff || size === 0xffffffff || localStart === 0xffffffff) {
      throw new ZipError('zip64 entries are not read');
    }
    if (localStart + 30 > directoryStart || view.getUint32(localStart, true) !== LOCAL_SIGNATURE) {
      throw new ZipError('broken local header');
    }
    const dataStart =
      localStart + 30 + view.getUint16(localStart + 26, true) + view.getUint16(localStart + 28, true);
    if (dataStart + compressedSize > directoryStart) throw new ZipError('entry data outside the archive');
    if (entries.has(name)) throw new ZipError('duplicate entry');
    entries.set(name, { name, method, compressedSize, size, crc, dataStart });
    spans.push({ start: localStart, end: dataStart + compressedSize });
  }
  spans.sort((a, b) => a.start - b.start);
  for (let index = 1; index < spans.length; index += 1) {
    if ((spans[index] as { start: number }).start < (spans[index - 1] as { end: number }).end) {
      throw new ZipError('overlapping entries');
    }
  }
  return entries;
}

function findEndOfDirectory(bytes: Uint8Array, view: DataView): number {
  const lowest = Math.max(0, bytes.byteLength - EOCD_SIZE - MAX_COMMENT);
  for (let at = bytes.byteLength - EOCD_SIZE; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  throw new ZipError('not a zip file');
}

/**
 * An entry's bytes, inflated to at most `maxBytes`: an entry that declares more is refused
 * before inflating, one whose data inflates past its declaration or fails its CRC is broken.
 * Synchronous, for a worker thread; `readZipEntryAsync` inflates on the thread pool.
 */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  const data = entryData(bytes, entry, maxBytes);
  if (entry.method === 0) return checked(entry, data);
  try {
    // One byte more than declared: a lie about the size shows as a longer result.
    return checked(entry, inflateRawSync(data, { maxOutputLength: entry.size + 1 }));
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw new ZipError(`${entry.name} does not inflate`, { cause: error });
  }
}

export async function readZipEntryAsync(
  bytes: Uint8Array,
  entry: ZipEntry,
  maxBytes: number,
): Promise<Uint8Array> {
  const data = entryData(bytes, entry, maxBytes);
  if (entry.method === 0) return checked(entry, data);
  let out: Uint8Array;
  try {
    out = await inflateRawAsync(data, { maxOutputLength: entry.size + 1 });
  } catch (error) {
    throw new ZipError(`${entry.name} does not inflate`, { cause: error });
  }
  return checked(entry, out);
}

function entryData(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  if (entry.size > maxBytes) throw new ZipError(`${entry.name} is larger than ${maxBytes} bytes`);
  if (entry.method !== 0 && entry.method !== 8) {
    throw new ZipError(`${entry.name}: compression method ${entry.method} is not read`);
  }
  return bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
}

function checked(entry: ZipEntry, out: Uint8Array): Uint8Array {
  if (out.byteLength !== entry.size) throw new ZipError(`${entry.name} is not the size it declares`);
  if (crc32(out) !== entry.crc) throw new ZipError(`${entry.name} fails its CRC`);
  return out;
}
