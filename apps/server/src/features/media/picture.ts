import { availableParallelism } from 'node:os';
import sharp, { type Metadata } from 'sharp';
import { PICTURE_MAX_SIDE } from '@wordhoard/shared';
import { WorkGate, type WorkGateLimits } from '../../domain/work-gate';

/** Larger pictures (in pixels, as the header declares) are refused before they are decoded, whatever their format. */
export const PICTURE_MAX_INPUT_PIXELS = 50_000_000;
export const STORED_PICTURE_TYPE = 'image/webp';

const MB = 1024 * 1024;

/** What sharp calls each accepted upload type (AVIF is read by its HEIF decoder). */
const FORMATS: Record<string, readonly string[]> = {
  'image/jpeg': ['jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/avif': ['heif', 'avif'],
};

export class PictureError extends Error {
  override name = 'PictureError';
}

/** A picture whose header declares more pixels than its format may decode within the budget. */
export class PictureTooLargeError extends PictureError {
  override name = 'PictureTooLargeError';
  constructor(readonly maxPixels: number) {
    super(`more than ${maxPixels} pixels`);
  }
}

export interface StoredPicture {
  bytes: Uint8Array;
  width: number;
  height: number;
  contentType: typeof STORED_PICTURE_TYPE;
}

export interface PictureLimits {
  /** Memory all decodes under way may take together, by the estimate of `decodeBytes`. */
  budgetBytes: number;
  gate: Omit<WorkGateLimits, 'budget'>;
}

/**
 * docs/decisions/0078-pictures-decoded-within-a-budget.md: decodes of at most 256 MB at once
 * (one 11-megapixel AVIF, or many streamed JPEGs), one per account, on all but one core, so
 * the event loop keeps a core and four hostile uploads grow the server by less than 300 MB.
 */
export const PICTURE_LIMITS: PictureLimits = {
  budgetBytes: 256 * MB,
  gate: {
    concurrency: Math.max(1, availableParallelism() - 1),
    perAccount: 1,
    maxQueued: 32,
    maxQueuedPerAccount: 2,
    retryAfterSeconds: 10,
  },
};

/** What any decode holds besides its pixels (libvips, the encoder, the result). */
const DECODE_BASE_BYTES = 32 * MB;

/**
 * The bytes a decode holds per pixel, from the header, measured on libvips 8.18 with 50-megapixel
 * pictures (the decision has the table). libvips streams a baseline JPEG (shrinking it on load),
 * a plain PNG and a WebP a few lines at a time; a progressive JPEG keeps every coefficient, an
 * interlaced PNG every pass, and the AVIF decoder (libheif) the whole picture several times over.
 */
export function decodeBytesPerPixel(
  metadata: Pick<Metadata, 'isProgressive' | 'channels' | 'depth'> & { format: string },
): number {
  const channels = metadata.channels;
  const sampleBytes = metadata.depth === 'ushort' ? 2 : 1;
  if (metadata.format === 'heif' || metadata.format === 'avif') return 20;
  if (metadata.format === 'png' && metadata.isProgressive) return channels * sampleBytes * 1.3;
  if (metadata.format === 'jpeg' && metadata.isProgressive) return channels * 1.1;
  return 0.5;
}

/** The most pixels a picture like this one may have: what decodes within the budget, and never over the general bound. */
export function maxPixelsFor(bytesPerPixel: number, budgetBytes: number): number {
  return Math.min(PICTURE_MAX_INPUT_PIXELS, Math.floor((budgetBytes - DECODE_BASE_BYTES) / bytesPerPixel));
}

/**
 * Pictures as they are stored (docs/decisions/0063-word-media.md): decoded (refused when not
 * what its Content-Type says, not an image or too large), turned upright by its EXIF
 * orientation, shrunk to fit PICTURE_MAX_SIDE (never enlarged) and re-encoded as WebP. Nothing
 * of the original's metadata is written: EXIF, GPS, XMP and ICC profiles are gone.
 *
 * Hostile until bounded (decision 0078): the header is read first, and a picture whose decode
 * would not fit the budget alone is refused before a pixel is decoded; the decode itself runs on
 * libvips' threads, never the event loop, behind a gate that weighs each by its estimated
 * memory, one per account.
 */
export class PictureProcessor {
  private readonly gate: WorkGate;

  constructor(private readonly limits: PictureLimits = PICTURE_LIMITS) {
    this.gate = new WorkGate({ ...limits.gate, budget: limits.budgetBytes });
    // No cache of decoded pictures: each is decoded once, and a cache would keep its memory.
    sharp.cache(false);
    // libvips' threads per picture: all but one core, so the event loop keeps one.
    sharp.concurrency(Math.max(1, availableParallelism() - 1));
  }

  async process(account: string, input: Uint8Array, contentType: string): Promise<StoredPicture> {
    const formats = FORMATS[contentType];
    if (!formats) throw new PictureError(`unsupported type ${contentType}`);
    const metadata = await header(input);
    if (!formats.includes(metadata.format)) {
      throw new PictureError(`a ${metadata.format} file sent as ${contentType}`);
    }
    const perPixel = decodeBytesPerPixel(metadata);
    const maxPixels = maxPixelsFor(perPixel, this.limits.budgetBytes);
    const pixels = metadata.width * metadata.height;
    if (pixels === 0) throw new PictureError('no dimensions in the header');
    if (pixels > maxPixels) throw new PictureTooLargeError(maxPixels);
    const weight = DECODE_BASE_BYTES + pixels * perPixel;
    return this.gate.run(account, () => decode(input, maxPixels), weight);
  }

  /** The upload type of a picture by its content (an Anki file, which has only a name); undefined if not one we take. */
  async sniff(input: Uint8Array): Promise<string | undefined> {
    try {
      const { format } = await header(input);
      return Object.entries(FORMATS).find(([, names]) => names.includes(format))?.[0];
    } catch {
      return undefined;
    }
  }
}

/** The header only: dimensions, format, interlacing; nothing is decoded. */
async function header(input: Uint8Array): Promise<Omit<Metadata, 'format'> & { format: string }> {
  try {
    const metadata = await sharp(input, {
      limitInputPixels: PICTURE_MAX_INPUT_PIXELS,
      failOn: 'error',
    }).metadata();
    return metadata;
  } catch (error) {
    throw new PictureError('the picture could not be read', { cause: error });
  }
}

async function decode(input: Uint8Array, maxPixels: number): Promise<StoredPicture> {
  try {
    // limitInputPixels again: libvips checks what it decodes, whatever the header said.
    const options = { limitInputPixels: maxPixels, failOn: 'error', animated: false } as const;
    const { data, info } = await sharp(input, options)
      .autoOrient()
      .resize({ width: PICTURE_MAX_SIDE, height: PICTURE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, contentType: STORED_PICTURE_TYPE };
  } catch (error) {
    throw new PictureError('the picture could not be decoded', { cause: error });
  }
}
