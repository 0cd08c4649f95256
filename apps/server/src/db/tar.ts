/**
 * The little of the tar format that backups need (POSIX ustar, regular files only), written and
 * read as streams so that media of any size never sits in memory whole.
 */

export const TAR_BLOCK = 512;

/** A member's header block: a regular file of `size` bytes named `name` (at most 255 bytes). */
export function tarHeader(name: string, size: number, mtime: Date = new Date(0)): Buffer {
  const header = Buffer.alloc(TAR_BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    // ustar keeps long names as prefix + '/' + name, split at a slash.
    const cut = name.lastIndexOf('/', 155);
    if (
      cut <= 0 ||
      Buffer.byteLength(name.slice(cut + 1)) > 100 ||
      Buffer.byteLength(name.slice(0, cut)) > 155
    )
      throw new Error(`tar member name too long: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  const field = (value: string, at: number, length: number) => header.write(value, at, length, 'utf8');
  const number = (value: number, at: number, length: number) =>
    field(`${value.toString(8).padStart(length - 1, '0')}\0`, at, length);
  field(base, 0, 100);
  number(0o644, 100, 8);
  number(0, 108, 8);
  number(0, 116, 8);
  number(size, 124, 12);
  number(Math.floor(mtime.getTime() / 1000), 136, 12);
  field('        ', 148, 8);
  field('0', 156, 1);
  field('ustar\u000000', 257, 8);
  field(prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  field(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return header;
}

/** The zero bytes that fill a member of `size` bytes up to a whole block. */
export const tarPadding = (size: number): Buffer =>
  Buffer.alloc((TAR_BLOCK - (size % TAR_BLOCK)) % TAR_BLOCK);

/** The end of an archive: two zero blocks. */
export const TAR_END = Buffer.alloc(TAR_BLOCK * 2);

export interface TarEntry {
  name: string;
  size: number;
  /** '0' (or NUL) for a regular file, '5' for a directory, and so on. */
  type: string;
}

/** Why an archive was refused: `cut` when it ends before its end marker. */
export class TarError extends Error {
  override name = 'TarError';
  constructor(readonly problem: 'cut' | 'not a tar archive' | 'a damaged tar header' | 'an empty archive') {
    super(problem);
  }
}

/**
 * Reads a header block: its entry, `end` for a zero block, or a TarError. Every header's
 * checksum is checked (a gzip of something else is refused at its first block).
 */
export function parseTarHeader(header: Uint8Array, first: boolean): TarEntry | 'end' {
  if (header.every((byte) => byte === 0)) {
    if (first) throw new TarError('an empty archive');
    return 'end';
  }
  const stored = octal(header.subarray(148, 156));
  let sum = 0;
  for (let index = 0; index < TAR_BLOCK; index += 1)
    sum += index >= 148 && index < 156 ? 0x20 : (header[index] ?? 0);
  if (stored !== sum) throw new TarError(first ? 'not a tar archive' : 'a damaged tar header');
  const size = octal(header.subarray(124, 136));
  if (size === undefined) throw new TarError('a damaged tar header');
  const text = (from: number, to: number) =>
    new TextDecoder().decode(header.subarray(from, to)).replace(/\0.*$/s, '');
  const isUstar = text(257, 262) === 'ustar';
  const prefix = isUstar ? text(345, 500) : '';
  const base = text(0, 100);
  return { name: prefix ? `${prefix}/${base}` : base, size, type: text(156, 157) || '0' };
}

function octal(field: Uint8Array): number | undefined {
  const text = new TextDecoder()
    .decode(field)
    .replace(/[\0 ]+$/, '')
    .trim();
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : undefined;
}

/**
 * What is wrong with a whole tar archive in memory ('cut' when it ends before its end marker),
 * or undefined: every header's checksum is checked and every member's bytes must be there.
 */
export function tarProblem(tar: Uint8Array): string | undefined {
  let at = 0;
  let members = 0;
  try {
    while (at + TAR_BLOCK <= tar.length) {
      const entry = parseTarHeader(tar.subarray(at, at + TAR_BLOCK), members === 0);
      if (entry === 'end') return undefined;
      at += TAR_BLOCK + Math.ceil(entry.size / TAR_BLOCK) * TAR_BLOCK;
      members += 1;
    }
  } catch (error) {
    if (error instanceof TarError) return error.problem;
    throw error;
  }
  return 'cut';
}

/**
 * Exact-length reads over a stream of chunks (the gunzipped backup). `record` keeps what was read,
 * for the one case that needs the bytes whole (a database-only backup of older versions).
 */
export class ChunkReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  recorded: Buffer[] | undefined = [];

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(wanted: number): Promise<void> {
    while (this.length < wanted && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  private take(count: number): Buffer {
    const [only] = this.buffered;
    const whole = this.buffered.length === 1 && only ? only : Buffer.concat(this.buffered, this.length);
    const taken = whole.subarray(0, count);
    const rest = whole.subarray(count);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    this.recorded?.push(taken);
    return taken;
  }

  /** Exactly `count` bytes; a TarError('cut') when the stream ends first. */
  async read(count: number): Promise<Buffer> {
    await this.fill(count);
    if (this.length < count) throw new TarError('cut');
    return this.take(count);
  }

  /** `count` bytes as chunks as they come (never more than what is buffered plus one chunk). */
  async *chunks(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      if (this.length === 0) await this.fill(1);
      if (this.length === 0) throw new TarError('cut');
      const piece = this.take(Math.min(left, this.length));
      left -= piece.length;
      yield piece;
    }
  }

  /** The rest of the stream, whole. */
  async rest(): Promise<Buffer> {
    await this.fill(Number.POSITIVE_INFINITY);
    return this.take(this.length);
  }
}
