import sharp from 'sharp';
import { PICTURE_MAX_SIDE } from '@wordhoard/shared';

/** Larger pictures (in pixels, decoded) are refused before they are decoded: a decompression bomb guard. */
export const PICTURE_MAX_INPUT_PIXELS = 50_000_000;
export const STORED_PICTURE_TYPE = 'image/webp';

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

export interface StoredPicture {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: typeof STORED_PICTURE_TYPE;
}

/**
 * An upload as it is stored (docs/decisions/0063-word-media.md): decoded (refused when it is
 * not what its Content-Type says, is not an image or is too large), turned upright by its
 * EXIF orientation, shrunk to fit PICTURE_MAX_SIDE (never enlarged) and re-encoded as WebP.
 * Nothing of the original's metadata is written: EXIF, GPS, XMP and ICC profiles are gone.
 */
export async function processPicture(input: Uint8Array, contentType: string): Promise<StoredPicture> {
  const formats = FORMATS[contentType];
  if (!formats) throw new PictureError(`unsupported type ${contentType}`);
  try {
    const options = { limitInputPixels: PICTURE_MAX_INPUT_PIXELS, failOn: 'error', animated: false } as const;
    const metadata = await sharp(input, options).metadata();
    if (!formats.includes(metadata.format)) {
      throw new PictureError(`a ${metadata.format} file sent as ${contentType}`);
    }
    const { data, info } = await sharp(input, options)
      .autoOrient()
      .resize({ width: PICTURE_MAX_SIDE, height: PICTURE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, contentType: STORED_PICTURE_TYPE };
  } catch (error) {
    if (error instanceof PictureError) throw error;
    throw new PictureError('the picture could not be decoded', { cause: error });
  }
}

/** The upload type of a picture by its content (an Anki file, which has only a name); undefined if not one we take. */
export async function sniffPictureType(input: Uint8Array): Promise<string | undefined> {
  try {
    const { format } = await sharp(input, { limitInputPixels: PICTURE_MAX_INPUT_PIXELS }).metadata();
    return Object.entries(FORMATS).find(([, names]) => names.includes(format))?.[0];
  } catch {
    return undefined;
  }
}
