import {
  OPUS_RATE,
  opusPacketSamples,
  vorbisPacketBlock,
  vorbisStream,
  type VorbisStream,
} from './audio-codecs';
import { AudioError } from './audio-error';

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const CODEC_PRIVATE = 0x63a2;
const AUDIO = 0xe1;
const BLOCK_GROUP = 0xa0;
const TIMECODE_SCALE = 0x2ad7b1;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
const AUDIO_TRACK = 2;
/** Elements read into (their children follow in place), whatever their size says. */
const MASTERS = new Set([EBML_HEADER, SEGMENT, CLUSTER, INFO, TRACKS, TRACK_ENTRY, AUDIO, BLOCK_GROUP]);
const CLUSTER_ID = [0x1f, 0x43, 0xb6, 0x75];

/** An EBML variable-length integer at `at`: its value (marker kept for ids; -1: unknown size) and length. */
function vint(
  data: Uint8Array,
  at: number,
  keepMarker: boolean,
): { value: number; length: number } | undefined {
  const first = data[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > data.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let unknown = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = data[at + index] ?? 0;
    value = value * 256 + byte;
    if (byte !== 0xff) unknown = false;
  }
  return { value: !keepMarker && unknown ? -1 : value, length };
}

function readUint(data: Uint8Array, at: number, size: number): number {
  let value = 0;
  for (let index = 0; index < size; index += 1) value = value * 256 + (data[at + index] ?? 0);
  return value;
}

/** The next Cluster id at or after `from` (the end if none): where a player resyncs. */
function nextCluster(data: Uint8Array, from: number): number {
  for (let at = from; at + 4 <= data.length; at += 1) {
    if (CLUSTER_ID.every((byte, index) => data[at + index] === byte)) return at;
  }
  return data.length;
}

/** The frames of a block's payload (`from`..`to`, after its flags byte), by its lacing. */
function lacedFrames(data: Uint8Array, from: number, to: number, lacing: number): [number, number][] {
  if (lacing === 0) return [[from, to]];
  const count = (data[from] ?? 0) + 1;
  let at = from + 1;
  const sizes: number[] = [];
  if (lacing === 1) {
    // Xiph: each size but the last as a run of 255s and a remainder.
    for (let frame = 0; frame < count - 1; frame += 1) {
      let size = 0;
      let byte = 255;
      while (byte === 255 && at < to) {
        byte = data[at] ?? 0;
        at += 1;
        size += byte;
      }
      sizes.push(size);
    }
  } else if (lacing === 3) {
    // EBML: the first size, then signed differences.
    for (let frame = 0; frame < count - 1; frame += 1) {
      const number = vint(data, at, false);
      if (!number || number.value < 0) throw new AudioError('a broken EBML lacing');
      at += number.length;
      const bias = frame === 0 ? 0 : 2 ** (7 * number.length - 1) - 1;
      sizes.push(frame === 0 ? number.value : (sizes[frame - 1] ?? 0) + number.value - bias);
    }
  } else {
    const each = (to - at) / count;
    if (!Number.isInteger(each)) throw new AudioError('a broken fixed-size lacing');
    sizes.push(...Array<number>(count - 1).fill(each));
  }
  const frames: [number, number][] = [];
  for (const size of sizes) {
    if (size < 0 || at + size > to) throw new AudioError('a laced frame past its block');
    frames.push([at, at + size]);
    at += size;
  }
  frames.push([at, to]);
  return frames;
}

/** The three Vorbis headers of a Matroska CodecPrivate (Xiph-laced, count - 1 first). */
function vorbisPrivate(data: Uint8Array): VorbisStream {
  if (data[0] !== 2) throw new AudioError('a Vorbis track without its three headers');
  const frames = lacedFrames(data, 0, data.length, 1);
  const [identification, , setup] = frames.map(([from, to]) => data.subarray(from, to));
  return vorbisStream(identification ?? new Uint8Array(), setup ?? new Uint8Array());
}

interface Track {
  number?: number;
  type?: number;
  codec?: string;
  private?: Uint8Array;
}

/** Seconds one block's frame plays, by the track's codec. */
type FrameSeconds = (frame: Uint8Array) => number;

function frameSecondsOf(track: Track): FrameSeconds {
  if (track.codec === 'A_OPUS') return (frame) => opusPacketSamples(frame) / OPUS_RATE;
  if (track.codec === 'A_VORBIS') {
    const stream = vorbisPrivate(track.private ?? new Uint8Array());
    let previous = 0;
    return (frame) => {
      const block = vorbisPacketBlock(frame, stream);
      if (block === 0) return 0;
      const samples = previous === 0 ? 0 : (previous + block) / 4;
      previous = block;
      return samples / stream.rate;
    };
  }
  throw new AudioError(`a WebM track of ${track.codec ?? 'no'} codec`);
}

/** The DocType of an EBML file's header ('webm' for WebM), or undefined. */
export function webmDocType(data: Uint8Array): string | undefined {
  const header = vint(data, 0, true);
  const size = header && vint(data, header.length, false);
  if (header?.value !== EBML_HEADER || !size || size.value < 0) return undefined;
  let at = header.length + size.length;
  const end = Math.min(data.length, at + size.value);
  while (at < end) {
    const id = vint(data, at, true);
    const length = id && vint(data, at + id.length, false);
    if (!id || !length || length.value < 0) return undefined;
    const body = at + id.length + length.length;
    if (id.value === DOC_TYPE) {
      return new TextDecoder()
        .decode(data.subarray(body, Math.min(end, body + length.value)))
        .replace(/\0+$/, '');
    }
    at = body + length.value;
  }
  return undefined;
}

/**
 * The length of a WebM recording, in seconds, read from its blocks: the later of where the
 * last block ends (its time plus what its frames play) and what all frames play together (each
 * Opus packet's length is in its TOC byte, each Vorbis packet's in its mode). The Info's
 * Duration is a claim and is not read. Masters are read into in place (MediaRecorder writes the
 * Segment and its Clusters with an unknown size); an element that is broken or runs past the end
 * of the file is skipped to the next Cluster, as a player resyncs. One audio track only.
 */
export function webmSeconds(data: Uint8Array): number {
  if (webmDocType(data) !== 'webm') throw new AudioError('not a WebM file');
  const tracks: Track[] = [];
  let frameSeconds: FrameSeconds | undefined;
  let scale = 1_000_000;
  let clusterTime = 0;
  let lastEnd = 0;
  let played = 0;
  let at = 0;
  while (at < data.length) {
    const id = vint(data, at, true);
    const size = id && id.length <= 4 ? vint(data, at + id.length, false) : undefined;
    if (!id || !size) {
      at = nextCluster(data, at + 1);
      continue;
    }
    const body = at + id.length + size.length;
    if (MASTERS.has(id.value)) {
      if (id.value === TRACK_ENTRY) {
        if (frameSeconds) throw new AudioError('a WebM track after its blocks');
        tracks.push({});
      }
      at = body;
      continue;
    }
    if (size.value < 0 || body + size.value > data.length) {
      at = nextCluster(data, at + 1);
      continue;
    }
    const end = body + size.value;
    const track = tracks.at(-1);
    switch (id.value) {
      case TIMECODE_SCALE:
        scale = readUint(data, body, size.value);
        if (scale === 0) throw new AudioError('a WebM time scale of 0');
        break;
      case TRACK_NUMBER:
        if (track) track.number = readUint(data, body, size.value);
        break;
      case TRACK_TYPE:
        if (track) track.type = readUint(data, body, size.value);
        break;
      case CODEC_ID:
        if (track) track.codec = new TextDecoder().decode(data.subarray(body, end)).replace(/\0+$/, '');
        break;
      case CODEC_PRIVATE:
        if (track) track.private = data.subarray(body, end);
        break;
      case CLUSTER_TIMECODE:
        clusterTime = readUint(data, body, size.value);
        break;
      case SIMPLE_BLOCK:
      case BLOCK: {
        if (!frameSeconds) {
          const [only, ...others] = tracks;
          if (!only || others.length > 0 || only.type !== AUDIO_TRACK) {
            throw new AudioError('a WebM file of other than one audio track');
          }
          frameSeconds = frameSecondsOf(only);
        }
        const number = vint(data, body, false);
        if (!number || body + number.length + 3 > end) throw new AudioError('a broken WebM block');
        if (number.value !== tracks[0]?.number) break;
        const timeAt = body + number.length;
        const relative = (((data[timeAt] ?? 0) << 24) | ((data[timeAt + 1] ?? 0) << 16)) >> 16;
        const lacing = ((data[timeAt + 2] ?? 0) >> 1) & 3;
        let seconds = 0;
        for (const [from, to] of lacedFrames(data, timeAt + 3, end, lacing)) {
          seconds += frameSeconds(data.subarray(from, to));
        }
        played += seconds;
        lastEnd = Math.max(lastEnd, ((clusterTime + relative) * scale) / 1e9 + seconds);
        break;
      }
      default:
        break;
    }
    at = end;
  }
  if (!frameSeconds) throw new AudioError('a WebM file without audio blocks');
  return Math.max(lastEnd, played);
}
