import {
  OPUS_RATE,
  ascii,
  opusHead,
  opusPacketSamples,
  vorbisPacketBlock,
  vorbisStream,
  type VorbisStream,
} from './audio-codecs';
import { AudioError } from './audio-error';

/** The Ogg CRC-32 table (polynomial 0x04C11DB7, not reflected; RFC 3533 §6). */
const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index << 24;
  for (let bit = 0; bit < 8; bit += 1) value = value & 0x80000000 ? (value << 1) ^ 0x04c11db7 : value << 1;
  return value >>> 0;
});

/** The CRC of the page at `at`..`end`, its own CRC field counted as zeros. */
function pageCrc(data: Uint8Array, at: number, end: number): number {
  let crc = 0;
  for (let index = at; index < end; index += 1) {
    const byte = index >= at + 22 && index < at + 26 ? 0 : (data[index] ?? 0);
    crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  }
  return crc;
}

/** A packet's bytes: the page-body ranges it was laced from. */
type Packet = [number, number][];

/** The first `limit` bytes of a packet (all of it without a limit). */
function bytesOf(data: Uint8Array, packet: Packet, limit = Infinity): Uint8Array {
  const length = Math.min(
    limit,
    packet.reduce((sum, [from, to]) => sum + to - from, 0),
  );
  const out = new Uint8Array(length);
  let filled = 0;
  for (const [from, to] of packet) {
    if (filled >= length) break;
    const part = data.subarray(from, Math.min(to, from + length - filled));
    out.set(part, filled);
    filled += part.length;
  }
  return out;
}

/** Samples one audio packet adds, by codec; the headers come first. */
interface Codec {
  headers: number;
  rate: number;
  preSkip: number;
  samples(packet: Uint8Array): number;
}

function codecOf(headers: Uint8Array[]): Codec | 'more' {
  const first = headers[0] ?? new Uint8Array();
  if (ascii(first, 0, 8) === 'OpusHead') {
    const { preSkip } = opusHead(first);
    return { headers: 2, rate: OPUS_RATE, preSkip, samples: opusPacketSamples };
  }
  if (first[0] === 1 && ascii(first, 1, 6) === 'vorbis') {
    if (headers.length < 3) return 'more';
    const stream: VorbisStream = vorbisStream(first, headers[2] ?? new Uint8Array());
    let previous = 0;
    return {
      headers: 3,
      rate: stream.rate,
      preSkip: 0,
      samples(packet) {
        const block = vorbisPacketBlock(packet, stream);
        if (block === 0) return 0;
        const samples = previous === 0 ? 0 : (previous + block) / 4;
        previous = block;
        return samples;
      },
    };
  }
  throw new AudioError('an Ogg stream of neither Opus nor Vorbis');
}

/** Where the next "OggS" capture pattern starts at or after `from`, or -1. */
function indexOfPage(data: Uint8Array, from: number): number {
  for (let at = from; at + 4 <= data.length; at += 1) {
    if (data[at] === 0x4f && data[at + 1] === 0x67 && data[at + 2] === 0x67 && data[at + 3] === 0x53)
      return at;
  }
  return -1;
}

/**
 * The length of an Ogg Opus or Ogg Vorbis file, in seconds: the samples of every audio packet
 * (Opus: from its TOC byte; Vorbis: from its mode's block size), less what the last page's
 * granule position trims off its own packets. The granule alone is only the file's claim.
 * Pages must follow each other from the first byte with their CRCs right (a player would
 * resync past other bytes, to pages we would not have counted) and carry one logical stream
 * (chained or multiplexed streams would play one after another or together).
 */
export function oggSeconds(data: Uint8Array): number {
  const headers: Uint8Array[] = [];
  let codec: Codec | undefined;
  let packets = 0;
  let total = 0;
  let lastPage = { granule: -1, samples: 0 };
  let serial: number | undefined;
  let open: Packet | undefined;
  let at = 0;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  while (at < data.length) {
    if (at + 27 > data.length) break;
    if (ascii(data, at, 4) !== 'OggS' || data[at + 4] !== 0)
      throw new AudioError('bytes that are no Ogg page');
    const flags = data[at + 5] ?? 0;
    const low = view.getUint32(at + 6, true);
    const high = view.getUint32(at + 10, true);
    const granule = low === 0xffffffff && high === 0xffffffff ? -1 : high * 2 ** 32 + low;
    const pageSerial = view.getUint32(at + 14, true);
    if (serial === undefined) {
      if (!(flags & 2)) throw new AudioError('an Ogg stream without its first page');
      serial = pageSerial;
    } else if (pageSerial !== serial) {
      throw new AudioError('an Ogg file of more than one stream');
    }
    const segments = data[at + 26] ?? 0;
    const lacing = at + 27;
    let body = lacing + segments;
    let end = body;
    for (let index = 0; index < segments; index += 1) end += data[lacing + index] ?? 0;
    if (end > data.length) {
      // A last page cut short fails its CRC and plays nothing; but a page that claims bytes in
      // which further pages start would have a player resync to those.
      if (indexOfPage(data, at + 1) !== -1) throw new AudioError('a broken Ogg page');
      break;
    }
    // libogg skips a page whose CRC fails and looks for pages inside it: refused, not guessed.
    if (pageCrc(data, at, end) !== view.getUint32(at + 22, true))
      throw new AudioError('an Ogg page with a wrong CRC');
    // A packet the page does not continue is dropped, and the continuation of a packet whose
    // start we never had is skipped, as libogg does.
    let skipping = Boolean(flags & 1) && !open;
    if (!(flags & 1)) open = undefined;
    let pageSamples = 0;
    for (let index = 0; index < segments; index += 1) {
      const size = data[lacing + index] ?? 0;
      const from = body;
      body += size;
      if (skipping) {
        skipping = size === 255;
        continue;
      }
      (open ??= []).push([from, body]);
      if (size === 255) continue;
      const packet = open;
      open = undefined;
      packets += 1;
      if (!codec) {
        headers.push(bytesOf(data, packet));
        const known = codecOf(headers);
        if (known !== 'more') codec = known;
        continue;
      }
      if (packets <= codec.headers) continue;
      const samples = codec.samples(bytesOf(data, packet, 2));
      pageSamples += samples;
      total += samples;
    }
    if (pageSamples > 0 || granule >= 0) lastPage = { granule, samples: pageSamples };
    at = end;
  }
  if (!codec) throw new AudioError('no Opus or Vorbis stream');
  // End trimming (RFC 7845 §4.5) may cut into the last page's own packets, never further.
  const trim = total - lastPage.granule;
  const played = lastPage.granule >= 0 && trim >= 0 && trim <= lastPage.samples ? lastPage.granule : total;
  return Math.max(0, played - codec.preSkip) / codec.rate;
}
