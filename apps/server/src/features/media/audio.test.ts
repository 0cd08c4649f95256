import { describe, expect, it } from 'vitest';
import { recorderWebm } from '../../../test/media/webm';
import { wavFile } from '../../../test/media/media-files';
import { AudioError, AudioTooLongError, checkAudio, readWebm, sniffAudioType } from './audio';

describe('recordings', () => {
  it("reads a MediaRecorder WebM's length from its last block when the header has none", async () => {
    const file = recorderWebm(3);
    expect(readWebm(file).duration).toBeCloseTo(3, 3);
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
