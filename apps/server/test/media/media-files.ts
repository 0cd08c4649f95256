import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** A PCM WAV of `seconds` of a quiet tone (8 kHz, 16-bit mono): a real recording, made here. */
export function wavFile(seconds: number, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index += 1) {
    data.writeInt16LE(Math.round(Math.sin((index / rate) * 2 * Math.PI * 440) * 3000), index * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A picture of `width`×`height` in `format`, made with sharp (a gradient, so it compresses like a photo). */
export async function pictureFile(
  format: 'jpeg' | 'png' | 'webp' | 'avif',
  width = 320,
  height = 200,
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      raw[at] = (x * 255) / width;
      raw[at + 1] = (y * 255) / height;
      raw[at + 2] = 128;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A JPEG as a phone takes it: stored sideways with EXIF orientation 6 (turn 90° clockwise to
 * show), a camera model and GPS position in its EXIF.
 */
export async function phoneJpeg(): Promise<Buffer> {
  const picture = await pictureFile('png', 400, 200);
  return sharp(picture)
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Secret Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/**
 * A picture an attacker sends (decision 0078): 1,005 bytes of AVIF whose header declares
 * 7071×7071 pixels of one colour, which cost 0.8 GB and seconds to decode. Made once with
 * sharp (`sharp({ create: { width: 7071, height: 7071, channels: 3, background: '#3366cc' } })
 * .avif({ effort: 0 })`) and kept, as encoding it takes seconds.
 */
export const avifBomb = (): Buffer => readFileSync(path.join(import.meta.dirname, 'flat-7071x7071.avif'));

/** A baseline JPEG of 7071×7071 pixels of one colour: large, but libvips streams it. */
export function hugeFlatJpeg(side = 7071): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
}
