import { AudioError } from './audio-error';

/**
 * How long the packets of the two codecs Ogg and WebM carry play, read from each packet itself
 * (docs/decisions/0074-recordings-measured-from-their-audio.md): a decoder turns every packet
 * into sound whatever the container's timestamps say, so the packets add up to the length.
 */

export const OPUS_RATE = 48_000;

/** Samples at 48 kHz an Opus packet decodes to, from its TOC byte (RFC 6716 §3.1). */
export function opusPacketSamples(packet: Uint8Array): number {
  const toc = packet[0];
  if (toc === undefined) throw new AudioError('an empty Opus packet');
  const config = toc >> 3;
  // SILK 10/20/40/60 ms, hybrid 10/20 ms, CELT 2.5/5/10/20 ms.
  const frame =
    config < 12
      ? ([480, 960, 1920, 2880][config & 3] ?? 0)
      : config < 16
        ? ([480, 960][config & 1] ?? 0)
        : ([120, 240, 480, 960][config & 3] ?? 0);
  const code = toc & 3;
  let frames = code === 0 ? 1 : 2;
  if (code === 3) {
    frames = (packet[1] ?? 0) & 0x3f;
    if (frames === 0) throw new AudioError('an Opus packet without frames');
  }
  const samples = frames * frame;
  // RFC 6716 §3.2.5: a packet holds at most 120 ms.
  if (samples > 5760) throw new AudioError('an Opus packet over 120 ms');
  return samples;
}

/** The pre-skip of an Opus identification header (RFC 7845 §5.1). */
export function opusHead(packet: Uint8Array): { preSkip: number } {
  if (packet.length < 19 || ascii(packet, 0, 8) !== 'OpusHead' || (packet[8] ?? 0) >> 4 !== 0 || !packet[9]) {
    throw new AudioError('not an Opus identification header');
  }
  return { preSkip: (packet[10] ?? 0) | ((packet[11] ?? 0) << 8) };
}

export interface VorbisStream {
  rate: number;
  /** The short and the long block size. */
  blocks: [number, number];
  /** Whether each mode uses the long block; undefined if the setup header could not be read. */
  longModes: boolean[] | undefined;
}

/** A Vorbis stream's identification (`\x01vorbis`) and setup (`\x05vorbis`) headers, read. */
export function vorbisStream(identification: Uint8Array, setup: Uint8Array): VorbisStream {
  const view = new DataView(identification.buffer, identification.byteOffset, identification.byteLength);
  if (
    identification.length < 30 ||
    identification[0] !== 1 ||
    ascii(identification, 1, 6) !== 'vorbis' ||
    view.getUint32(7, true) !== 0 ||
    !identification[11]
  ) {
    throw new AudioError('not a Vorbis identification header');
  }
  const rate = view.getUint32(12, true);
  const sizes = identification[28] ?? 0;
  const short = sizes & 0x0f;
  const long = sizes >> 4;
  if (rate === 0 || short < 6 || long > 13 || short > long) throw new AudioError('a broken Vorbis header');
  if (setup[0] !== 5 || ascii(setup, 1, 6) !== 'vorbis') throw new AudioError('not a Vorbis setup header');
  return { rate, blocks: [1 << short, 1 << long], longModes: vorbisModes(setup) };
}

/**
 * The block flag of each mode, read backwards from the end of the setup header as FFmpeg's
 * vorbis_parser does: the modes are its last fields, and reading forwards would mean decoding
 * every codebook before them. Undefined when no mode table is found there.
 */
function vorbisModes(setup: Uint8Array): boolean[] | undefined {
  const total = setup.length * 8;
  // Bit `at` counted from the end, the last byte's high bit first (Vorbis packs bits LSB first).
  const bit = (at: number) => ((setup[setup.length - 1 - (at >> 3)] ?? 0) >> (7 - (at & 7))) & 1;
  const bits = (from: number, count: number) => {
    let value = 0;
    for (let index = 0; index < count; index += 1) value = value * 2 + bit(from + index);
    return value;
  };
  let at = 0;
  while (total - at > 97 && bit(at) === 0) at += 1;
  if (total - at <= 97) return undefined;
  const framing = at + 1;
  at = framing;
  let count = 0;
  let found = 0;
  while (total - at >= 97) {
    // Backwards, a mode is its mapping (8 bits, < 64), transform and window type (16 bits, 0), block flag.
    if (bits(at, 8) > 63 || bits(at + 8, 16) !== 0 || bits(at + 24, 16) !== 0) break;
    at += 41;
    count += 1;
    if (count > 64) break;
    if (bits(at, 6) + 1 === count) found = count;
  }
  if (found === 0 || found > 63) return undefined;
  const modes: boolean[] = [];
  for (let mode = found - 1; mode >= 0; mode -= 1)
    modes[mode] = bit(framing + (found - 1 - mode) * 41 + 40) === 1;
  return modes;
}

/**
 * The block size of a Vorbis audio packet (0 for an empty packet, which decodes to nothing). A
 * packet overlaps half of each neighbour: two blocks in a row give (previous + current) / 4
 * samples. Without the modes, every packet counts as a long block: never less than it plays.
 */
export function vorbisPacketBlock(packet: Uint8Array, stream: VorbisStream): number {
  const first = packet[0];
  if (first === undefined) return 0;
  if (first & 1) throw new AudioError('a Vorbis header among the audio packets');
  const modes = stream.longModes;
  if (!modes) return stream.blocks[1];
  const width = modes.length === 1 ? 0 : 32 - Math.clz32(modes.length - 1);
  const mode = (first >> 1) & ((1 << width) - 1);
  const long = modes[mode];
  if (long === undefined) throw new AudioError('a Vorbis packet of an unknown mode');
  return stream.blocks[long ? 1 : 0];
}

export function ascii(data: Uint8Array, at: number, length: number): string {
  let text = '';
  for (let index = at; index < at + length && index < data.length; index += 1) {
    text += String.fromCharCode(data[index] ?? 0);
  }
  return text;
}
