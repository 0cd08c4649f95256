import { ascii } from './audio-codecs';
import { AudioError } from './audio-error';

interface Format {
  byteRate: number;
}

const PCM = 1;
const FLOAT = 3;
const A_LAW = 6;
const MU_LAW = 7;
const EXTENSIBLE = 0xfffe;
/** Sample sizes each uncompressed format may have. */
const BITS: Record<number, number[]> = {
  [PCM]: [8, 16, 24, 32],
  [FLOAT]: [32, 64],
  [A_LAW]: [8],
  [MU_LAW]: [8],
};

function formatAt(view: DataView, at: number, size: number): Format {
  if (size < 16) throw new AudioError('a WAV fmt chunk too short');
  let tag = view.getUint16(at, true);
  const channels = view.getUint16(at + 2, true);
  const rate = view.getUint32(at + 4, true);
  const byteRate = view.getUint32(at + 8, true);
  const blockAlign = view.getUint16(at + 12, true);
  const bits = view.getUint16(at + 14, true);
  // WAVE_FORMAT_EXTENSIBLE names its format in the first two bytes of its sub-format GUID.
  if (tag === EXTENSIBLE && size >= 40) tag = view.getUint16(at + 24, true);
  if (!BITS[tag]?.includes(bits)) throw new AudioError('a WAV that is not PCM');
  if (channels < 1 || channels > 8 || rate < 1000 || rate > 384_000)
    throw new AudioError('a WAV out of range');
  // The one number the length is computed from must be the one the samples are played at.
  if (blockAlign !== (channels * bits) / 8 || byteRate !== rate * blockAlign) {
    throw new AudioError('a WAV whose byte rate is not its channels × rate × sample size');
  }
  return { byteRate };
}

/**
 * The length of an uncompressed WAV, in seconds: the bytes of its data chunks (as many as are
 * there) over the byte rate, itself checked against channels × rate × sample size. A `fact`
 * chunk's sample count is not read: it is a claim, and PCM needs none. A data size of 0 or
 * 0xFFFFFFFF (a file written while recording) runs to the end of the file.
 */
export function wavSeconds(data: Uint8Array): number {
  if (ascii(data, 0, 4) !== 'RIFF' || ascii(data, 8, 4) !== 'WAVE') throw new AudioError('not a WAV file');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let format: Format | undefined;
  let seconds = 0;
  let sawData = false;
  let at = 12;
  while (at + 8 <= data.length) {
    const id = ascii(data, at, 4);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    const available = data.length - body;
    if (id === 'data') {
      if (!format) throw new AudioError('a WAV data chunk before its fmt chunk');
      const played = size === 0 || size === 0xffffffff ? available : Math.min(size, available);
      seconds += played / format.byteRate;
      sawData = true;
      at = body + played + (played & 1);
      continue;
    }
    // A chunk cut by the end of the file, after the audio, holds no sound.
    if (size > available) break;
    if (id === 'fmt ') {
      // One format per file: a second could rescale what was already counted.
      if (format) throw new AudioError('a WAV with two fmt chunks');
      format = formatAt(view, body, size);
    }
    at = body + size + (size & 1);
  }
  if (!format || !sawData) throw new AudioError('a WAV without fmt and data chunks');
  return seconds;
}
