/** An EBML element: its id (hex), the size of `body`, the body. */
export function element(hex: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(hex, 'hex'), ebmlSize(body.length), body]);
}

function ebmlSize(length: number): Buffer {
  if (length < 0x7f) return Buffer.from([0x80 | length]);
  if (length < 0x3fff) return Buffer.from([0x40 | (length >> 8), length & 0xff]);
  return Buffer.from([0x10, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff]);
}

function uint(value: number, bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  out.writeUIntBE(value, 0, bytes);
  return out;
}

function float(value: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeDoubleBE(value);
  return out;
}

/** A master element of unknown size, as MediaRecorder writes the Segment and its Clusters. */
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

/** One 20 ms Opus packet (TOC: CELT fullband 20 ms, one frame) of silence. */
export const OPUS_20MS = Buffer.from([0xf8, 0xff, 0xfe]);
/** One 120 ms Opus packet: six 20 ms CELT frames (TOC code 3, frame count 6). */
export const OPUS_120MS = Buffer.from([0xfb, 0x06, 0xff, 0xfe, 0xff, 0xfe, 0xff, 0xfe]);

/** A SimpleBlock of track 1 at `relative` ms in its cluster: one frame, or several Xiph-laced. */
export function simpleBlock(relative: number, frames: Buffer[]): Buffer {
  const time = uint(relative & 0xffff, 2);
  if (frames.length === 1)
    return element('a3', Buffer.concat([Buffer.from([0x81]), time, Buffer.from([0x80]), frames[0]!]));
  const sizes: number[] = [];
  for (const frame of frames.slice(0, -1)) {
    let left = frame.length;
    while (left >= 255) {
      sizes.push(255);
      left -= 255;
    }
    sizes.push(left);
  }
  const lacing = Buffer.from([frames.length - 1, ...sizes]);
  return element('a3', Buffer.concat([Buffer.from([0x81]), time, Buffer.from([0x82]), lacing, ...frames]));
}

/** A Cluster of unknown size starting at `time` ms. */
export function cluster(time: number, blocks: Buffer[]): Buffer {
  return Buffer.concat([
    Buffer.from('1f43b675', 'hex'),
    UNKNOWN_SIZE,
    element('e7', uint(time, 4)),
    ...blocks,
  ]);
}

/**
 * The EBML header, the Segment (of unknown size), its Info (with a Duration of `duration` ms if
 * given) and its one Opus track.
 */
export function webmHead(options: { duration?: number } = {}): Buffer {
  const header = element(
    '1a45dfa3',
    Buffer.concat([
      element('4286', uint(1, 1)),
      element('42f7', uint(1, 1)),
      element('42f2', uint(4, 1)),
      element('42f3', uint(8, 1)),
      element('4282', Buffer.from('webm')),
      element('4287', uint(4, 1)),
      element('4285', uint(2, 1)),
    ]),
  );
  const info = element(
    '1549a966',
    Buffer.concat([
      element('2ad7b1', uint(1_000_000, 3)),
      ...(options.duration === undefined ? [] : [element('4489', float(options.duration))]),
      element('4d80', Buffer.from('Chrome')),
      element('5741', Buffer.from('Chrome')),
    ]),
  );
  const tracks = element(
    '1654ae6b',
    element(
      'ae',
      Buffer.concat([
        element('d7', uint(1, 1)),
        element('73c5', uint(1, 1)),
        element('83', uint(2, 1)),
        element('86', Buffer.from('A_OPUS')),
        element('e1', Buffer.concat([element('b5', float(48000)), element('9f', uint(1, 1))])),
      ]),
    ),
  );
  return Buffer.concat([header, Buffer.from('18538067', 'hex'), UNKNOWN_SIZE, info, tracks]);
}

/** Clusters of one 20 ms Opus block every 20 ms from `from` ms for `seconds`, 50 blocks a cluster. */
export function opusClusters(seconds: number, from = 0): Buffer[] {
  const clusters: Buffer[] = [];
  const frames = Math.round((seconds * 1000) / 20);
  for (let start = 0; start < frames; start += 50) {
    const blocks: Buffer[] = [];
    for (let frame = start; frame < Math.min(frames, start + 50); frame += 1) {
      blocks.push(simpleBlock((frame - start) * 20, [OPUS_20MS]));
    }
    clusters.push(cluster(from + start * 20, blocks));
  }
  return clusters;
}

/**
 * A WebM recording as a browser's MediaRecorder writes it: the Segment and its Clusters of
 * unknown size, no Duration in its Info (unless `duration` in ms is given), a 20 ms Opus
 * block every 20 ms for `seconds`. The audio is silence, enough for a container parser.
 */
export function recorderWebm(seconds: number, options: { duration?: number } = {}): Buffer {
  return Buffer.concat([webmHead(options), ...opusClusters(seconds)]);
}
