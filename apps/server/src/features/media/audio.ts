import { parseBuffer } from 'music-metadata';
import { AUDIO_MAX_SECONDS } from '@wordhoard/shared';

export class AudioError extends Error {
  override name = 'AudioError';
}

/** A recording longer than AUDIO_MAX_SECONDS (with the tolerance). */
export class AudioTooLongError extends Error {
  override name = 'AudioTooLongError';
}

/** Recorders stop a little late: this much over the limit is still taken. */
export const AUDIO_TOLERANCE_MS = 500;

/** The upload type each container is sent as (music-metadata's `container` names). */
function typeOfContainer(container: string): string | undefined {
  const name = container.toLowerCase();
  if (name === 'ebml/webm') return 'audio/webm';
  if (name === 'ogg') return 'audio/ogg';
  if (name.startsWith('mpeg')) return 'audio/mpeg';
  if (name === 'wave') return 'audio/wav';
  if (name === 'adts') return 'audio/aac';
  if (/^(m4a|mp4|isom|iso\d|mp41|mp42|dash|m4b|3gp)/.test(name)) return 'audio/mp4';
  return undefined;
}

/** The upload type of a recording by its content (an Anki file); undefined if not one we take. */
export async function sniffAudioType(input: Uint8Array): Promise<string | undefined> {
  if (readWebm(input.subarray(0, 64 * 1024)).docType === 'webm') return 'audio/webm';
  try {
    const { format } = await parseBuffer(
      input,
      { size: input.byteLength },
      { duration: false, skipCovers: true },
    );
    return format.container ? typeOfContainer(format.container) : undefined;
  } catch {
    return undefined;
  }
}

export interface CheckedAudio {
  durationMs: number;
}

/**
 * Checks a recording with pure-JS parsers (docs/decisions/0063-word-media.md): it must be the
 * container its Content-Type names, hold audio, and last at most AUDIO_MAX_SECONDS. It is kept
 * as it came (no transcoding). WebM is read by `readWebm` (a browser's recording has no
 * duration in its header, and an unknown-size Segment music-metadata cannot read), every other
 * container by music-metadata.
 */
export async function checkAudio(input: Uint8Array, contentType: string): Promise<CheckedAudio> {
  const seconds = contentType === 'audio/webm' ? webmSeconds(input) : await parsedSeconds(input, contentType);
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    throw new AudioError('the recording has no duration');
  }
  const durationMs = Math.round(seconds * 1000);
  if (durationMs > AUDIO_MAX_SECONDS * 1000 + AUDIO_TOLERANCE_MS)
    throw new AudioTooLongError(`${durationMs} ms`);
  return { durationMs };
}

function webmSeconds(input: Uint8Array): number | undefined {
  const facts = readWebm(input);
  if (facts.docType !== 'webm' || !facts.hasAudio) throw new AudioError('not a WebM recording');
  return facts.duration;
}

async function parsedSeconds(input: Uint8Array, contentType: string): Promise<number | undefined> {
  let metadata;
  try {
    metadata = await parseBuffer(
      input,
      { mimeType: contentType, size: input.byteLength },
      { duration: true },
    );
  } catch (error) {
    throw new AudioError('the recording could not be parsed', { cause: error });
  }
  const { container, duration, hasAudio } = metadata.format;
  const type = container ? typeOfContainer(container) : undefined;
  if (!type || type !== contentType || hasAudio === false) {
    throw new AudioError(`a ${container ?? 'unknown'} file sent as ${contentType}`);
  }
  return duration;
}

// --- WebM as MediaRecorder writes it ----------------------------------------------------------

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const BLOCK_GROUP = 0xa0;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
const AUDIO_TRACK = 2;
/** Elements read into (their children follow in place), whatever their size says. */
const MASTERS = new Set([EBML_HEADER, SEGMENT, CLUSTER, INFO, TRACKS, TRACK_ENTRY, BLOCK_GROUP]);

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

function readFloat(data: Uint8Array, at: number, size: number): number | undefined {
  const view = new DataView(data.buffer, data.byteOffset + at, size);
  if (size === 4) return view.getFloat32(0);
  if (size === 8) return view.getFloat64(0);
  return undefined;
}

export interface WebmFacts {
  docType: string | undefined;
  hasAudio: boolean;
  /** Seconds: the Info's Duration, or else the last block's time plus one 20 ms frame. */
  duration: number | undefined;
}

/**
 * What a WebM file says of itself, read element by element. A browser's MediaRecorder writes
 * the Segment and its Clusters with an unknown size and no Duration, so masters are read into
 * in place and the length comes from the last block.
 */
export function readWebm(data: Uint8Array): WebmFacts {
  let docType: string | undefined;
  let hasAudio = false;
  let scale = 1_000_000;
  let declared: number | undefined;
  let clusterTime = 0;
  let last: number | undefined;
  let at = 0;
  while (at < data.length) {
    const id = vint(data, at, true);
    if (!id) break;
    const size = vint(data, at + id.length, false);
    if (!size) break;
    const body = at + id.length + size.length;
    if (MASTERS.has(id.value)) {
      at = body;
      continue;
    }
    if (size.value < 0 || body + size.value > data.length) break;
    switch (id.value) {
      case DOC_TYPE:
        docType = new TextDecoder().decode(data.subarray(body, body + size.value)).replace(/\0+$/, '');
        break;
      case TRACK_TYPE:
        if (readUint(data, body, size.value) === AUDIO_TRACK) hasAudio = true;
        break;
      case TIMECODE_SCALE:
        scale = readUint(data, body, size.value);
        break;
      case DURATION:
        declared = readFloat(data, body, size.value);
        break;
      case CLUSTER_TIMECODE:
        clusterTime = readUint(data, body, size.value);
        break;
      case SIMPLE_BLOCK:
      case BLOCK: {
        const track = vint(data, body, false);
        if (track) {
          const high = data[body + track.length] ?? 0;
          const low = data[body + track.length + 1] ?? 0;
          const time = clusterTime + ((((high << 8) | low) << 16) >> 16);
          last = last === undefined ? time : Math.max(last, time);
        }
        break;
      }
      default:
        break;
    }
    at = body + size.value;
  }
  const fromBlocks = last === undefined ? undefined : (last * scale) / 1e9 + 0.02;
  const fromInfo = declared !== undefined && declared > 0 ? (declared * scale) / 1e9 : undefined;
  return { docType, hasAudio, duration: fromInfo ?? fromBlocks };
}
