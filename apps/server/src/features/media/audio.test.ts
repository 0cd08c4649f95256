import { describe, expect, it } from 'vitest';
import {
  AUDIO_FIXTURES,
  CHROME_RECORDINGS,
  CHROME_RECORDING_MS,
  WORD_MS,
  audioFixture,
  fragmentsRepeated,
  framesRepeated,
  mp4Claiming,
  oggPagesRepeated,
  randomBuffers,
  oggPages,
  wavWithByteRate,
  wavWithFact,
  wavWithSecondFormat,
} from '../../../test/media/crafted-audio';
import { wavFile } from '../../../test/media/media-files';
import {
  OPUS_120MS,
  OPUS_20MS,
  cluster,
  opusClusters,
  recorderWebm,
  simpleBlock,
  webmHead,
} from '../../../test/media/webm';
import { AudioError, AudioTooLongError, checkAudio, sniffAudioType } from './audio';

/** An encoder pads its last frame and may add a priming frame: two AAC frames are 93 ms at 22,050 Hz. */
const ENCODER_PADDING_MS = 100;

describe('recordings', () => {
  it("reads a MediaRecorder WebM's length from its blocks", async () => {
    const file = recorderWebm(3);
    expect(await checkAudio(file, 'audio/webm')).toEqual({ durationMs: 3000 });
    expect(await sniffAudioType(file)).toBe('audio/webm');
  });

  it('refuses a WebM recording that is too long, and a file of another container', async () => {
    await expect(checkAudio(recorderWebm(12), 'audio/webm')).rejects.toBeInstanceOf(AudioTooLongError);
    await expect(checkAudio(wavFile(1), 'audio/webm')).rejects.toBeInstanceOf(AudioError);
    await expect(checkAudio(Buffer.from('RIFF'), 'audio/wav')).rejects.toBeInstanceOf(AudioError);
  });

  it('takes a recording a little over the limit (the recorder stops late)', async () => {
    expect(await checkAudio(wavFile(10.3), 'audio/wav')).toEqual({ durationMs: 10300 });
  });
});

describe('honest recordings of every type we take', () => {
  it.each(Object.entries(AUDIO_FIXTURES))('takes %s with its true length', async (_, { file, type }) => {
    const bytes = audioFixture(file);
    const { durationMs } = await checkAudio(bytes, type);
    expect(Math.abs(durationMs - WORD_MS)).toBeLessThanOrEqual(ENCODER_PADDING_MS);
    expect(await sniffAudioType(bytes)).toBe(type);
  });

  it.each(Object.entries(CHROME_RECORDINGS))(
    "takes Chromium's own %s recording",
    async (_, { file, type }) => {
      const bytes = audioFixture(file);
      expect(await checkAudio(bytes, type)).toEqual({ durationMs: CHROME_RECORDING_MS });
      expect(await sniffAudioType(bytes)).toBe(type);
    },
  );

  it('takes an AAC (ADTS) file as audio/aac and nothing else as it', async () => {
    const aac = audioFixture(AUDIO_FIXTURES.aac.file);
    expect((await checkAudio(aac, 'audio/aac')).durationMs).toBeGreaterThan(WORD_MS - ENCODER_PADDING_MS);
    await expect(checkAudio(aac, 'audio/mpeg')).rejects.toBeInstanceOf(AudioError);
    await expect(checkAudio(audioFixture(AUDIO_FIXTURES.mp3.file), 'audio/aac')).rejects.toBeInstanceOf(
      AudioError,
    );
    await expect(checkAudio(audioFixture(AUDIO_FIXTURES.m4a.file), 'audio/aac')).rejects.toBeInstanceOf(
      AudioError,
    );
  });
});

describe('a file that lies about its length is measured, not believed', () => {
  const tooLong = (file: Buffer, type: string) =>
    expect(checkAudio(file, type)).rejects.toBeInstanceOf(AudioTooLongError);

  it('a 125 s WAV whose fact chunk says 1 s', async () => {
    const file = wavWithFact(125, 1);
    expect(file.length).toBeLessThan(1024 * 1024);
    await tooLong(file, 'audio/wav');
    expect(await checkAudio(wavWithFact(2, 125), 'audio/wav')).toEqual({ durationMs: 2000 });
  });

  it('a WAV whose byte rate is not its channels × rate × sample size', async () => {
    await expect(checkAudio(wavWithByteRate(2, 1_000_000), 'audio/wav')).rejects.toBeInstanceOf(AudioError);
  });

  it('a WebM whose Duration says 1 s, with blocks to 99.5 s', async () => {
    await tooLong(recorderWebm(99.5, { duration: 1000 }), 'audio/webm');
  });

  it('a WebM whose blocks all start at 0 s, or lace 12 s of packets into one block', async () => {
    const sameTime = cluster(0, Array<Buffer>(600).fill(simpleBlock(0, [OPUS_20MS])));
    await tooLong(Buffer.concat([webmHead(), sameTime]), 'audio/webm');
    const laced = cluster(0, [simpleBlock(0, Array<Buffer>(100).fill(OPUS_120MS))]);
    await tooLong(Buffer.concat([webmHead(), laced]), 'audio/webm');
  });

  it('a WebM hiding clusters behind an element that runs past the end of the file', async () => {
    const broken = Buffer.from([0xec, 0x01, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff]);
    await tooLong(Buffer.concat([recorderWebm(1), broken, ...opusClusters(11, 1000)]), 'audio/webm');
  });

  it('MP3s whose LAME Info frame counts one copy of eight', async () => {
    await tooLong(framesRepeated(audioFixture(AUDIO_FIXTURES.mp3.file), 8), 'audio/mpeg');
    await tooLong(framesRepeated(audioFixture(AUDIO_FIXTURES.mp3Mpeg1.file), 8), 'audio/mpeg');
  });

  it('an AAC (ADTS) stream eight times as long', async () => {
    await tooLong(framesRepeated(audioFixture(AUDIO_FIXTURES.aac.file), 8), 'audio/aac');
  });

  it("Ogg files whose last page's granule position counts one copy of eight", async () => {
    await tooLong(oggPagesRepeated(audioFixture(AUDIO_FIXTURES.opus.file), 8), 'audio/ogg');
    await tooLong(oggPagesRepeated(audioFixture(AUDIO_FIXTURES.vorbis.file), 8), 'audio/ogg');
  });

  it('Ogg pages a player would find past a broken page or one with a wrong CRC', async () => {
    const pages = oggPages(audioFixture(AUDIO_FIXTURES.opus.file));
    const audio = pages.slice(2);
    // A page header whose 255 segments of 255 bytes run past the end, over real pages.
    const runaway = Buffer.concat([pages[2]!.subarray(0, 26), Buffer.from([255]), Buffer.alloc(255, 255)]);
    const hidden = Buffer.concat([...pages.slice(0, 3), runaway, ...Array<Buffer[]>(8).fill(audio).flat()]);
    await expect(checkAudio(hidden, 'audio/ogg')).rejects.toBeInstanceOf(AudioError);
    const damaged = Buffer.concat(pages);
    const inAudio = pages[0]!.length + pages[1]!.length + 40;
    damaged[inAudio] = damaged[inAudio]! ^ 0xff;
    await expect(checkAudio(damaged, 'audio/ogg')).rejects.toBeInstanceOf(AudioError);
  });

  it('a WAV whose second fmt chunk, after the data, would rescale it', async () => {
    await expect(checkAudio(wavWithSecondFormat(), 'audio/wav')).rejects.toBeInstanceOf(AudioError);
  });

  it('a 12 s MP4 whose headers and time-to-sample table say 1 s', async () => {
    const silence = audioFixture('silence-12s.m4a');
    await tooLong(silence, 'audio/mp4');
    await tooLong(mp4Claiming(silence, 1), 'audio/mp4');
  });

  it('fragmented MP4s with their fragments eight times over', async () => {
    await tooLong(fragmentsRepeated(audioFixture(AUDIO_FIXTURES.fragmentedM4a.file), 8), 'audio/mp4');
    await tooLong(fragmentsRepeated(audioFixture(CHROME_RECORDINGS.mp4.file), 8), 'audio/mp4');
  });
});

describe('random bytes are no recording', () => {
  const refused = async (buffers: Buffer[], type: string) => {
    let taken = 0;
    for (const buffer of buffers) {
      try {
        await checkAudio(buffer, type);
        taken += 1;
      } catch (error) {
        expect(error).toBeInstanceOf(AudioError);
      }
    }
    return taken;
  };

  it('none of 1,000 seeded random buffers sent as audio/mpeg is taken', async () => {
    expect(await refused(randomBuffers(42, 1000, 16 * 1024), 'audio/mpeg')).toBe(0);
  });

  it.each(['audio/aac', 'audio/ogg', 'audio/wav', 'audio/webm', 'audio/mp4'])(
    'none of 200 seeded random buffers sent as %s is taken',
    async (type) => {
      expect(await refused(randomBuffers(7, 200, 16 * 1024), type)).toBe(0);
    },
  );
});

describe('a reader reads each file once, front to back', () => {
  const MiB = 1024 * 1024;
  const filled = (pattern: number[]) =>
    Buffer.from(Array.from({ length: MiB }, (_, index) => pattern[index % pattern.length]!));

  it.each([
    ['audio/mpeg', filled([0xff])],
    // 104-byte MPEG-1 frames, each a valid header: a real 263 s stream, and measured as one.
    ['audio/mpeg', filled([0xff, 0xfb, 0x10, 0x00]), AudioTooLongError],
    ['audio/aac', filled([0xff, 0xf1, 0x50, 0x80, 0x00, 0xff, 0xfc])],
    ['audio/ogg', filled([...Buffer.from('OggS'), 0, 2, ...Array<number>(20).fill(0), 0])],
    ['audio/webm', Buffer.concat([webmHead(), filled([0x1f, 0x43, 0xb6, 0x75, 0xff])])],
    ['audio/webm', Buffer.concat([webmHead(), filled([0x1f, 0x43, 0xb6, 0x75, 0x88])])],
    [
      'audio/mp4',
      Buffer.concat([
        Buffer.from('00000010667479704d344120', 'hex'),
        Buffer.alloc(4),
        filled([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65]),
      ]),
    ],
    [
      'audio/wav',
      Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE'), filled([0x4c, 0x49, 0x53, 0x54, 0, 0, 0, 0])]),
    ],
  ])('refuses a megabyte of repeated headers sent as %s', async (type, file, refusal = AudioError) => {
    await expect(checkAudio(file, type)).rejects.toBeInstanceOf(refusal);
  });
});
