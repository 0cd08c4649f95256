import { ascii } from './audio-codecs';
import { AudioError } from './audio-error';

/** One frame header of an MP3 or ADTS stream. */
interface Frame {
  length: number;
  samples: number;
  rate: number;
  /** The header bits every frame of one stream shares (version, layer, sample rate). */
  stream: number;
}

type FrameAt = (data: Uint8Array, at: number) => Frame | undefined;

/** Where the audio starts: after any ID3v2 tags (10-byte header, synchsafe size, maybe a footer). */
export function afterId3(data: Uint8Array): number {
  let at = 0;
  while (ascii(data, at, 3) === 'ID3') {
    const size = data.subarray(at + 6, at + 10);
    if (size.length < 4 || size.some((byte) => byte > 0x7f)) throw new AudioError('a broken ID3 tag');
    const footer = (data[at + 5] ?? 0) & 0x10 ? 10 : 0;
    at += 10 + footer + size.reduce((sum, byte) => sum * 128 + byte, 0);
    if (at > data.length) throw new AudioError('an ID3 tag cut short');
  }
  return at;
}

const MP3_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};

/** An MPEG audio Layer III frame header at `at` (MPEG-1, 2 or 2.5), or undefined. */
export const mp3FrameAt: FrameAt = (data, at) => {
  const [b0, b1, b2, b3] = [data[at], data[at + 1], data[at + 2], data[at + 3]];
  if (b0 !== 0xff || b1 === undefined || b2 === undefined || b3 === undefined) return undefined;
  const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const bitrate = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  const layerIII = ((b1 >> 1) & 3) === 1;
  if ((b1 & 0xe0) !== 0xe0 || version === 1 || !layerIII || bitrate === 0 || bitrate === 15) return undefined;
  if (rateIndex === 3 || (b3 & 3) === 2) return undefined;
  const mpeg1 = version === 3;
  const rate = ([44100, 48000, 32000][rateIndex] ?? 0) / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const kbps = (mpeg1 ? MP3_KBPS.mpeg1 : MP3_KBPS.mpeg2)[bitrate] ?? 0;
  const length = Math.floor(((mpeg1 ? 144_000 : 72_000) * kbps) / rate) + ((b2 >> 1) & 1);
  return { length, samples: mpeg1 ? 1152 : 576, rate, stream: ((b1 & 0x1e) << 8) | (b2 & 0x0c) };
};

const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** An AAC ADTS frame header at `at` (ISO/IEC 13818-7 §6.2), or undefined. */
export const adtsFrameAt: FrameAt = (data, at) => {
  if (at + 7 > data.length || data[at] !== 0xff) return undefined;
  const b1 = data[at + 1] ?? 0;
  const b2 = data[at + 2] ?? 0;
  // Sync (4 more bits) and layer 00.
  if ((b1 & 0xf6) !== 0xf0) return undefined;
  const rate = ADTS_RATES[(b2 >> 2) & 0x0f];
  const length = (((data[at + 3] ?? 0) & 3) << 11) | ((data[at + 4] ?? 0) << 3) | ((data[at + 5] ?? 0) >> 5);
  const header = b1 & 1 ? 7 : 9;
  if (rate === undefined || length <= header) return undefined;
  const blocks = ((data[at + 6] ?? 0) & 3) + 1;
  return { length, samples: 1024 * blocks, rate, stream: ((b1 & 0x0e) << 8) | (b2 & 0xfc) };
};

/**
 * The length of a stream of frames, in seconds: every frame is counted by walking the frame
 * headers, none is taken from a header's claim. The stream must start with two whole frames
 * in a row (after any ID3 tag), so random bytes are refused. Past bytes that are no frame
 * (a trailing tag, damage), frames are looked for again as a decoder resyncs: two valid
 * headers a frame apart, and counted too. Each byte is looked at a bounded number of times.
 */
function framedSeconds(
  data: Uint8Array,
  frameAt: FrameAt,
  silentFirst: (data: Uint8Array, at: number) => boolean,
): number {
  const start = afterId3(data);
  const first = frameAt(data, start);
  const second = first && frameAt(data, start + first.length);
  if (!first || second?.stream !== first.stream) throw new AudioError('no stream of frames');
  const ours = (at: number) => {
    const frame = frameAt(data, at);
    return frame?.stream === first.stream ? frame : undefined;
  };
  let samples = 0;
  let inRun = false;
  let at = start;
  while (at < data.length) {
    const frame = ours(at);
    if (frame) {
      const end = at + frame.length;
      if (inRun || end >= data.length || ours(end)) {
        if (at !== start || !silentFirst(data, at)) samples += frame.samples;
        inRun = true;
        at = end;
        continue;
      }
    }
    inRun = false;
    at += 1;
  }
  return samples / first.rate;
}

/** The side information's length in a Layer III frame, where a Xing/Info tag would follow. */
function sideInfoLength(data: Uint8Array, at: number): number {
  const mpeg1 = (((data[at + 1] ?? 0) >> 3) & 3) === 3;
  const mono = (data[at + 3] ?? 0) >> 6 === 3;
  return mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
}

/**
 * An MP3's length: Layer III frames counted. A first frame that holds a Xing, Info or VBRI tag
 * plays as no sound (decoders skip it), so it is not counted; its frame count is not used.
 */
export function mp3Seconds(data: Uint8Array): number {
  return framedSeconds(data, mp3FrameAt, (bytes, at) => {
    const tag = ascii(bytes, at + 4 + sideInfoLength(bytes, at), 4);
    return tag === 'Xing' || tag === 'Info' || ascii(bytes, at + 36, 4) === 'VBRI';
  });
}

/** An AAC ADTS stream's length: frames counted, each 1,024 samples per raw data block. */
export function adtsSeconds(data: Uint8Array): number {
  return framedSeconds(data, adtsFrameAt, () => false);
}
