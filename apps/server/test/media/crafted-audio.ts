import { readFileSync } from 'node:fs';

/**
 * Real recordings of the word "pronunciation" (1.51 s, espeak-ng), encoded by ffmpeg into each
 * container we take; how they were made is in test/media/audio/README.md.
 */
export const AUDIO_FIXTURES = {
  mp3: { file: 'word.mp3', type: 'audio/mpeg' },
  mp3Mpeg1: { file: 'word.mpeg1.mp3', type: 'audio/mpeg' },
  aac: { file: 'word.aac', type: 'audio/aac' },
  opus: { file: 'word.opus.ogg', type: 'audio/ogg' },
  vorbis: { file: 'word.vorbis.ogg', type: 'audio/ogg' },
  m4a: { file: 'word.m4a', type: 'audio/mp4' },
  fragmentedM4a: { file: 'word.fragmented.m4a', type: 'audio/mp4' },
  webm: { file: 'word.webm', type: 'audio/webm' },
  vorbisWebm: { file: 'word.vorbis.webm', type: 'audio/webm' },
} as const;

/** The spoken word's true length: the WAV espeak-ng wrote (33,323 samples at 22,050 Hz). */
export const WORD_MS = 1511;

/**
 * What Chromium's MediaRecorder wrote for 1.5 s of its fake microphone: Opus in WebM (Segment
 * and Clusters of unknown size) and, asked for audio/mp4, Opus in fragmented MP4. FFmpeg
 * decodes 1.50 s of each.
 */
export const CHROME_RECORDINGS = {
  webm: { file: 'chrome-recording.webm', type: 'audio/webm' },
  mp4: { file: 'chrome-recording.m4a', type: 'audio/mp4' },
} as const;
export const CHROME_RECORDING_MS = 1500;

export function audioFixture(name: string): Buffer {
  return readFileSync(new URL(`./audio/${name}`, import.meta.url));
}

/**
 * An 8 kHz 8-bit mono PCM WAV of `seconds` of a tone whose `fact` chunk claims `claimed`
 * seconds (the sample count a compressed WAV would carry; a PCM file needs none).
 */
export function wavWithFact(seconds: number, claimed: number): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(Math.round(seconds * rate));
  for (let index = 0; index < data.length; index += 1) {
    data[index] = 128 + Math.round(Math.sin((index / rate) * 2 * Math.PI * 440) * 20);
  }
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0);
  fmt.writeUInt16LE(1, 2);
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(rate, 8);
  fmt.writeUInt16LE(1, 12);
  fmt.writeUInt16LE(8, 14);
  const fact = Buffer.alloc(4);
  fact.writeUInt32LE(Math.round(claimed * rate), 0);
  return riff([chunk('fmt ', fmt), chunk('fact', fact), chunk('data', data)]);
}

/** A 16-bit mono PCM WAV of `seconds` at 8 kHz whose `fmt` byte rate is `byteRate`. */
export function wavWithByteRate(seconds: number, byteRate: number): Buffer {
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0);
  fmt.writeUInt16LE(1, 2);
  fmt.writeUInt32LE(8000, 4);
  fmt.writeUInt32LE(byteRate, 8);
  fmt.writeUInt16LE(2, 12);
  fmt.writeUInt16LE(16, 14);
  return riff([chunk('fmt ', fmt), chunk('data', Buffer.alloc(seconds * 16000))]);
}

/**
 * 125 s of 8 kHz 8-bit PCM followed by a second `fmt` chunk whose rate would make those bytes
 * last 0.1 s, were a reader to apply it to the data before it.
 */
export function wavWithSecondFormat(): Buffer {
  const format = (rate: number) => {
    const fmt = Buffer.alloc(16);
    fmt.writeUInt16LE(1, 0);
    fmt.writeUInt16LE(1, 2);
    fmt.writeUInt32LE(rate, 4);
    fmt.writeUInt32LE(rate, 8);
    fmt.writeUInt16LE(1, 12);
    fmt.writeUInt16LE(8, 14);
    return chunk('fmt ', fmt);
  };
  return riff([format(8000), chunk('data', Buffer.alloc(125 * 8000, 128)), format(10_000_000)]);
}

function chunk(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
}

function riff(chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WAVE'), ...chunks]);
  return Buffer.concat([chunk('RIFF', body)]);
}

/** Bytes after an MP3's or AAC file's ID3v2 tag (its size is 4 synchsafe bytes at 6). */
function afterId3(file: Buffer): number {
  if (file.toString('latin1', 0, 3) !== 'ID3') return 0;
  return 10 + ((file[6]! << 21) | (file[7]! << 14) | (file[8]! << 7) | file[9]!);
}

/**
 * An MP3 or ADTS file's frames `times` times over, behind its tag: the first frame (an MP3's
 * LAME "Info" frame with the frame count) still speaks for one copy only.
 */
export function framesRepeated(file: Buffer, times: number): Buffer {
  const start = afterId3(file);
  return Buffer.concat([file.subarray(0, start), ...Array<Buffer>(times).fill(file.subarray(start))]);
}

/** The pages of an Ogg file, cut at their boundaries (27-byte header, lacing table, body). */
export function oggPages(file: Buffer): Buffer[] {
  const pages: Buffer[] = [];
  let at = 0;
  while (at < file.length) {
    const segments = file[at + 26]!;
    let length = 27 + segments;
    for (let index = 0; index < segments; index += 1) length += file[at + 27 + index]!;
    pages.push(file.subarray(at, at + length));
    at += length;
  }
  return pages;
}

/**
 * An Ogg file whose audio pages (those after the header pages, which have granule position 0)
 * come `times` times over, each copy with its granule positions and CRCs untouched: the last
 * page's granule, which readers take for the length, still says one copy.
 */
export function oggPagesRepeated(file: Buffer, times: number): Buffer {
  const pages = oggPages(file);
  const headers = pages.findIndex((page) => page.readBigUInt64LE(6) !== 0n);
  const audio = pages.slice(headers);
  return Buffer.concat([...pages.slice(0, headers), ...Array<Buffer[]>(times).fill(audio).flat()]);
}

/** Every box of an MP4 file at `path` (e.g. 'moov/trak/mdia/mdhd'), with its offset. */
function boxesAt(file: Buffer, path: string[], from = 0, to = file.length): { at: number; size: number }[] {
  const found: { at: number; size: number }[] = [];
  let at = from;
  while (at + 8 <= to) {
    const size = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    if (type === path[0]) {
      if (path.length === 1) found.push({ at, size });
      else found.push(...boxesAt(file, path.slice(1), at + 8, at + size));
    }
    at += size;
  }
  return found;
}

/**
 * An MP4 (not fragmented) whose headers claim `seconds`: the movie's, the track's and the
 * media's durations, the edit list and the time-to-sample table, while every sample stays
 * (an AAC frame is 1,024 samples whatever the table says).
 */
export function mp4Claiming(file: Buffer, seconds: number): Buffer {
  const out = Buffer.from(file);
  const one = (path: string) => boxesAt(out, path.split('/'))[0]!;
  const mvhd = one('moov/mvhd');
  const movieScale = out.readUInt32BE(mvhd.at + 20);
  out.writeUInt32BE(Math.round(seconds * movieScale), mvhd.at + 24);
  out.writeUInt32BE(Math.round(seconds * movieScale), one('moov/trak/tkhd').at + 28);
  const elst = boxesAt(out, ['moov', 'trak', 'edts', 'elst'])[0];
  if (elst) out.writeUInt32BE(Math.round(seconds * movieScale), elst.at + 16);
  const mdhd = one('moov/trak/mdia/mdhd');
  const mediaScale = out.readUInt32BE(mdhd.at + 20);
  out.writeUInt32BE(Math.round(seconds * mediaScale), mdhd.at + 24);
  const stts = one('moov/trak/mdia/minf/stbl/stts');
  const entries = out.readUInt32BE(stts.at + 12);
  let samples = 0;
  for (let index = 0; index < entries; index += 1) samples += out.readUInt32BE(stts.at + 16 + index * 8);
  const delta = Math.floor((seconds * mediaScale) / samples);
  for (let index = 0; index < entries; index += 1) out.writeUInt32BE(delta, stts.at + 20 + index * 8);
  return out;
}

/** A fragmented MP4 whose fragments (moof + mdat) come `times` times over, as they are. */
export function fragmentsRepeated(file: Buffer, times: number): Buffer {
  const firstMoof = boxesAt(file, ['moof'])[0]!.at;
  const mfra = boxesAt(file, ['mfra'])[0]?.at ?? file.length;
  const fragments = file.subarray(firstMoof, mfra);
  return Buffer.concat([file.subarray(0, firstMoof), ...Array<Buffer>(times).fill(fragments)]);
}

/** Seeded random bytes (mulberry32), so a failing buffer can be made again. */
export function randomBuffers(seed: number, count: number, maxLength: number): Buffer[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const buffers: Buffer[] = [];
  for (let index = 0; index < count; index += 1) {
    const buffer = Buffer.alloc(1 + Math.floor(next() * maxLength));
    for (let at = 0; at < buffer.length; at += 1) buffer[at] = Math.floor(next() * 256);
    buffers.push(buffer);
  }
  return buffers;
}
