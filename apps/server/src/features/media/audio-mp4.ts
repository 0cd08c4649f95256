import { AUDIO_MAX_SECONDS } from '@wordhoard/shared';
import { OPUS_RATE, ascii, opusPacketSamples } from './audio-codecs';
import { AudioError } from './audio-error';

interface Box {
  type: string;
  /** Where the box starts, where its content starts, and where it ends. */
  at: number;
  body: number;
  end: number;
}

/** The boxes between `from` and `to`; a box may not run past its parent (the file: only media data). */
function boxes(data: Uint8Array, view: DataView, from: number, to: number): Box[] {
  const found: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    const small = view.getUint32(at);
    const type = ascii(data, at + 4, 4);
    let header = 8;
    let size = small;
    if (small === 1) {
      if (at + 16 > to) throw new AudioError('an MP4 box cut short');
      size = view.getUint32(at + 8) * 2 ** 32 + view.getUint32(at + 12);
      header = 16;
    } else if (small === 0) {
      size = to - at;
    }
    if (size < header) throw new AudioError('an MP4 box shorter than its header');
    let end = at + size;
    if (end > to) {
      // A recording cut while its media data was written still has its sample tables.
      if (to !== data.length || !['mdat', 'free', 'skip'].includes(type)) {
        throw new AudioError('an MP4 box past its end');
      }
      end = to;
    }
    found.push({ type, at, body: at + header, end });
    at = end;
  }
  return found;
}

const child = (data: Uint8Array, view: DataView, box: Box, type: string) =>
  boxes(data, view, box.body, box.end).find((inner) => inner.type === type);

/** Walks `path` of nested boxes under `box`. */
function under(data: Uint8Array, view: DataView, box: Box | undefined, ...path: string[]): Box | undefined {
  let at = box;
  for (const type of path) at = at && child(data, view, at, type);
  return at;
}

/** A full box's version, and the offset of its first field. */
function full(data: Uint8Array, box: Box): { version: number; at: number } {
  if (box.end - box.body < 4) throw new AudioError(`an MP4 ${box.type} box too short`);
  return { version: data[box.body] ?? 0, at: box.body + 4 };
}

function need(box: Box, at: number, bytes: number) {
  if (at + bytes > box.end) throw new AudioError(`an MP4 ${box.type} box too short`);
}

/** A timescale (mvhd, mdhd): after creation and modification times, 32 or 64 bits each. */
function timescaleOf(data: Uint8Array, view: DataView, box: Box): number {
  const { version, at } = full(data, box);
  const offset = at + (version === 1 ? 16 : 8);
  need(box, offset, 4);
  const scale = view.getUint32(offset);
  if (scale === 0) throw new AudioError('an MP4 timescale of 0');
  return scale;
}

/** An MPEG-4 descriptor's tag, content offset and length (ISO/IEC 14496-1 §8.3.3). */
function descriptor(data: Uint8Array, at: number, end: number): { tag: number; body: number; end: number } {
  const tag = data[at];
  let length = 0;
  let cursor = at + 1;
  for (let byte = 0x80; byte & 0x80 && cursor < end && cursor < at + 5; cursor += 1) {
    byte = data[cursor] ?? 0;
    length = length * 128 + (byte & 0x7f);
  }
  if (tag === undefined || cursor + length > end) throw new AudioError('a broken MP4 descriptor');
  return { tag, body: cursor, end: cursor + length };
}

const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];
/** AAC Main, LC, SSR and LTP: the object types played in browsers, 1,024 (or 960) samples a frame. */
const AAC_TYPES = new Set([1, 2, 3, 4]);
const SBR = 5;
const PS = 29;

/**
 * How long one AAC frame plays, from the AudioSpecificConfig (ISO/IEC 14496-3 §1.6.2.1): its
 * frame length over the core sampling rate (HE-AAC's SBR doubles the output rate and the
 * samples per frame alike).
 */
function aacFrameSeconds(config: Uint8Array): number {
  let bit = 0;
  const read = (count: number) => {
    let value = 0;
    for (let index = 0; index < count; index += 1, bit += 1) {
      if (bit >> 3 >= config.length) throw new AudioError('an AAC configuration cut short');
      value = value * 2 + (((config[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1);
    }
    return value;
  };
  const objectType = () => {
    const type = read(5);
    return type === 31 ? 32 + read(6) : type;
  };
  const rate = () => {
    const index = read(4);
    return index === 15 ? read(24) : AAC_RATES[index];
  };
  let type = objectType();
  const core = rate();
  read(4); // channel configuration
  if (type === SBR || type === PS) {
    rate();
    type = objectType();
  }
  if (!AAC_TYPES.has(type) || !core) throw new AudioError('an MP4 track of other than AAC audio');
  const frameLength = read(1) ? 960 : 1024;
  return frameLength / core;
}

/**
 * The track's codec: AAC (an `mp4a` sample entry; its frame length from the `esds`, directly or
 * in QuickTime's `wave`), or Opus (an `Opus` entry, as Chrome records audio/mp4).
 */
function codecOf(data: Uint8Array, view: DataView, stsd: Box): Codec {
  const { at } = full(data, stsd);
  need(stsd, at, 4);
  // Samples may name any of the descriptions: a second one could be a codec of longer frames.
  if (view.getUint32(at) !== 1) throw new AudioError('an MP4 track of more than one sample description');
  const entry = boxes(data, view, at + 4, stsd.end)[0];
  if (entry?.type === 'Opus') return { opus: true };
  if (entry?.type !== 'mp4a') throw new AudioError(`an MP4 track of ${entry?.type ?? 'no'} samples`);
  // SampleEntry (8) and AudioSampleEntry (20); QuickTime sound description v1 adds 16, v2 36.
  need(entry, entry.body, 28);
  const version = view.getUint16(entry.body + 8);
  const children = entry.body + 28 + (version === 1 ? 16 : version === 2 ? 36 : 0);
  const inner = { ...entry, body: children };
  const esds =
    child(data, view, inner, 'esds') ?? under(data, view, child(data, view, inner, 'wave'), 'esds');
  if (!esds) throw new AudioError('an MP4 audio track without its decoder configuration');
  const es = descriptor(data, full(data, esds).at, esds.end);
  if (es.tag !== 3) throw new AudioError('a broken MP4 decoder configuration');
  // ES_ID, then flags that say which optional fields follow.
  const flags = data[es.body + 2] ?? 0;
  let field = es.body + 3;
  if (flags & 0x80) field += 2;
  if (flags & 0x40) field += 1 + (data[field] ?? 0);
  if (flags & 0x20) field += 2;
  const config = descriptor(data, field, es.end);
  if (config.tag !== 4) throw new AudioError('a broken MP4 decoder configuration');
  const objectType = data[config.body];
  // 0x40: MPEG-4 audio; 0x66-0x68: MPEG-2 AAC.
  if (objectType !== 0x40 && !(objectType !== undefined && objectType >= 0x66 && objectType <= 0x68)) {
    throw new AudioError('an MP4 track of other than AAC audio');
  }
  const specific = descriptor(data, config.body + 13, config.end);
  if (specific.tag !== 5) throw new AudioError('an AAC track without its configuration');
  return { opus: false, frameSeconds: aacFrameSeconds(data.subarray(specific.body, specific.end)) };
}

type Codec = { opus: false; frameSeconds: number } | { opus: true };

/**
 * An Opus packet's length is in its own TOC byte, so each sample is read where the tables put
 * it. Counting stops once the recording is surely too long: each packet lasts at least 2.5 ms,
 * so at most 8,000 are read whatever the tables claim.
 */
const ENOUGH_SECONDS = 2 * AUDIO_MAX_SECONDS;

class OpusSamples {
  seconds = 0;
  constructor(private readonly data: Uint8Array) {}

  /** Counts the packet at `offset`; false once there is enough. */
  add(offset: number, size: number): boolean {
    if (size < 1 || offset + size > this.data.length) throw new AudioError('an Opus sample outside the file');
    this.seconds += opusPacketSamples(this.data.subarray(offset, offset + Math.min(size, 2))) / OPUS_RATE;
    return this.seconds <= ENOUGH_SECONDS;
  }
}

interface Tally {
  samples: number;
  ticks: number;
}

/** Samples and ticks of a sample table (stts and stsz; whichever counts more samples). */
function sampleTable(data: Uint8Array, view: DataView, stbl: Box): Tally {
  const stts = child(data, view, stbl, 'stts');
  if (!stts) throw new AudioError('an MP4 track without its time-to-sample table');
  const { at } = full(data, stts);
  need(stts, at, 4);
  const entries = view.getUint32(at);
  need(stts, at + 4, entries * 8);
  let samples = 0;
  let ticks = 0;
  for (let index = 0; index < entries; index += 1) {
    const count = view.getUint32(at + 4 + index * 8);
    samples += count;
    ticks += count * view.getUint32(at + 8 + index * 8);
  }
  const stsz = child(data, view, stbl, 'stsz') ?? child(data, view, stbl, 'stz2');
  if (stsz) {
    const sizes = full(data, stsz).at;
    need(stsz, sizes, 8);
    samples = Math.max(samples, view.getUint32(sizes + 4));
  }
  return { samples, ticks };
}

/** Walks a plain sample table's samples where its chunks put them (stsc, stco/co64, stsz). */
function tableOpus(data: Uint8Array, view: DataView, stbl: Box, opus: OpusSamples): void {
  const stsz = child(data, view, stbl, 'stsz');
  const stsc = child(data, view, stbl, 'stsc');
  const stco = child(data, view, stbl, 'stco') ?? child(data, view, stbl, 'co64');
  if (!stsz || !stsc || !stco) throw new AudioError('an Opus track without its sample tables');
  const sizes = full(data, stsz).at;
  need(stsz, sizes, 8);
  const fixed = view.getUint32(sizes);
  const count = view.getUint32(sizes + 4);
  if (fixed === 0) need(stsz, sizes + 8, count * 4);
  const chunks = full(data, stco).at;
  need(stco, chunks, 4);
  const chunkCount = view.getUint32(chunks);
  const wide = stco.type === 'co64';
  need(stco, chunks + 4, chunkCount * (wide ? 8 : 4));
  const runs = full(data, stsc).at;
  need(stsc, runs, 4);
  const runCount = view.getUint32(runs);
  need(stsc, runs + 4, runCount * 12);
  let sample = 0;
  for (let run = 0; run < runCount; run += 1) {
    const first = view.getUint32(runs + 4 + run * 12);
    const last = run + 1 < runCount ? view.getUint32(runs + 16 + run * 12) - 1 : chunkCount;
    const perChunk = view.getUint32(runs + 8 + run * 12);
    for (let chunk = Math.max(first, 1); chunk <= Math.min(last, chunkCount); chunk += 1) {
      const entry = chunks + 4 + (chunk - 1) * (wide ? 8 : 4);
      let offset = wide ? view.getUint32(entry) * 2 ** 32 + view.getUint32(entry + 4) : view.getUint32(entry);
      for (let index = 0; index < perChunk && sample < count; index += 1, sample += 1) {
        const size = fixed || view.getUint32(sizes + 8 + sample * 4);
        if (!opus.add(offset, size)) return;
        offset += size;
      }
    }
  }
  if (sample < count) throw new AudioError('MP4 sample tables that disagree');
}

interface Defaults {
  duration: number;
  size: number;
}

/**
 * Samples and ticks of a fragment's runs for `track` (tfhd, trun; defaults from trex), and
 * with Opus each sample read where the run puts it.
 */
function fragment(
  data: Uint8Array,
  view: DataView,
  moof: Box,
  track: number,
  trex: Defaults,
  opus: OpusSamples | undefined,
): Tally {
  const tally = { samples: 0, ticks: 0 };
  for (const traf of boxes(data, view, moof.body, moof.end)) {
    if (traf.type !== 'traf') continue;
    const tfhd = child(data, view, traf, 'tfhd');
    if (!tfhd) throw new AudioError('an MP4 fragment without its header');
    const header = full(data, tfhd);
    const tfhdFlags = view.getUint32(tfhd.body) & 0xffffff;
    need(tfhd, header.at, 4);
    if (view.getUint32(header.at) !== track) continue;
    let field = header.at + 4;
    const read = (present: number, bytes: 4 | 8) => {
      if (!(tfhdFlags & present)) return undefined;
      need(tfhd, field, bytes);
      const value =
        bytes === 8 ? view.getUint32(field) * 2 ** 32 + view.getUint32(field + 4) : view.getUint32(field);
      field += bytes;
      return value;
    };
    // Data offsets count from the moof unless the header names a base.
    const base = read(0x1, 8) ?? moof.at;
    read(0x2, 4);
    const defaultDuration = read(0x8, 4) ?? trex.duration;
    const defaultSize = read(0x10, 4) ?? trex.size;
    let next = base;
    for (const trun of boxes(data, view, traf.body, traf.end)) {
      if (trun.type !== 'trun') continue;
      const run = full(data, trun);
      const flags = view.getUint32(trun.body) & 0xffffff;
      need(trun, run.at, 4);
      const count = view.getUint32(run.at);
      let offset = next;
      if (flags & 0x1) {
        need(trun, run.at + 4, 4);
        offset = base + view.getInt32(run.at + 4);
      }
      const first = run.at + 4 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
      const width = 4 * [0x100, 0x200, 0x400, 0x800].filter((bit) => flags & bit).length;
      need(trun, first, count * width);
      tally.samples += count;
      if (!(flags & 0x100)) tally.ticks += count * defaultDuration;
      for (let index = 0; index < count && (flags & 0x100 || opus); index += 1) {
        const sample = first + index * width;
        if (flags & 0x100) tally.ticks += view.getUint32(sample);
        if (!opus) continue;
        const size = flags & 0x200 ? view.getUint32(sample + (flags & 0x100 ? 4 : 0)) : defaultSize;
        if (!opus.add(offset, size)) return tally;
        offset += size;
      }
      next = offset;
    }
  }
  return tally;
}

/**
 * The length of an MP4 (M4A) recording of AAC or Opus, in seconds, plain or fragmented as
 * Safari and Chrome record: the largest of what its samples play (AAC: samples counted times
 * one frame, as a decoder makes 1,024 samples of each whatever the tables' durations say; Opus:
 * each packet's own length), the tables' own durations, and the edit list. The movie and media
 * headers' durations are claims and are not read. One audio track only.
 */
export function mp4Seconds(data: Uint8Array): number {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const top = boxes(data, view, 0, data.length);
  if (top[0]?.type !== 'ftyp') throw new AudioError('not an MP4 file');
  const movies = top.filter((box) => box.type === 'moov');
  const moov = movies[0];
  if (!moov || movies.length > 1) throw new AudioError('an MP4 file without one movie header');
  const firstFragment = top.findIndex((box) => box.type === 'moof');
  if (firstFragment !== -1 && firstFragment < top.indexOf(moov)) {
    throw new AudioError('an MP4 fragment before its movie header');
  }
  const traks = boxes(data, view, moov.body, moov.end).filter((box) => box.type === 'trak');
  const [trak] = traks;
  if (!trak || traks.length > 1) throw new AudioError('an MP4 file of other than one track');
  const mvhd = child(data, view, moov, 'mvhd');
  const tkhd = child(data, view, trak, 'tkhd');
  const mdia = child(data, view, trak, 'mdia');
  const mdhd = mdia && child(data, view, mdia, 'mdhd');
  const hdlr = mdia && child(data, view, mdia, 'hdlr');
  const stbl = under(data, view, mdia, 'minf', 'stbl');
  const stsd = stbl && child(data, view, stbl, 'stsd');
  if (!mvhd || !tkhd || !mdhd || !hdlr || !stbl || !stsd)
    throw new AudioError('an MP4 track without its headers');
  need(hdlr, hdlr.body + 8, 4);
  if (ascii(data, hdlr.body + 8, 4) !== 'soun') throw new AudioError('an MP4 track that is not audio');
  const codec = codecOf(data, view, stsd);
  const movieScale = timescaleOf(data, view, mvhd);
  const mediaScale = timescaleOf(data, view, mdhd);
  const tkhdFields = full(data, tkhd);
  const trackIdAt = tkhdFields.at + (tkhdFields.version === 1 ? 16 : 8);
  need(tkhd, trackIdAt, 4);
  const trackId = view.getUint32(trackIdAt);

  // Edits play their segments one after another: a segment may repeat the media.
  let edited = 0;
  const elst = under(data, view, trak, 'edts', 'elst');
  if (elst) {
    const { version, at } = full(data, elst);
    need(elst, at, 4);
    const entries = view.getUint32(at);
    const width = version === 1 ? 20 : 12;
    need(elst, at + 4, entries * width);
    for (let index = 0; index < entries; index += 1) {
      const entry = at + 4 + index * width;
      edited +=
        version === 1 ? view.getUint32(entry) * 2 ** 32 + view.getUint32(entry + 4) : view.getUint32(entry);
    }
  }

  const trex: Defaults = { duration: 0, size: 0 };
  const trexBox = under(data, view, moov, 'mvex', 'trex');
  if (trexBox) {
    const { at } = full(data, trexBox);
    need(trexBox, at, 16);
    if (view.getUint32(at) === trackId) {
      trex.duration = view.getUint32(at + 8);
      trex.size = view.getUint32(at + 12);
    }
  }
  const opus = codec.opus ? new OpusSamples(data) : undefined;
  if (opus) tableOpus(data, view, stbl, opus);
  const tally = sampleTable(data, view, stbl);
  for (const moof of top) {
    if (moof.type !== 'moof' || (opus && opus.seconds > ENOUGH_SECONDS)) continue;
    const more = fragment(data, view, moof, trackId, trex, opus);
    tally.samples += more.samples;
    tally.ticks += more.ticks;
  }
  const played = opus ? opus.seconds : tally.samples * (codec.opus ? 0 : codec.frameSeconds);
  return Math.max(played, tally.ticks / mediaScale, edited / movieScale);
}
