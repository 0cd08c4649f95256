import { LANGUAGES } from '@wordhoard/shared';
import { render, screen, waitFor } from '@testing-library/react';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stubViewport } from '../../../shared/ui/testing/viewport';
import { TUTORIAL_RECORDINGS } from '../content';
import { TUTORIAL_CAPTIONS, TUTORIAL_STEPS } from '../tutorialCaptions';
import { TutorialVideo } from './TutorialVideo';

const PUBLIC_DIR = path.resolve(__dirname, '../../../../public');
const publicFile = (url: string) => path.join(PUBLIC_DIR, url);

const renderVideo = (language: (typeof LANGUAGES)[number] = 'en') =>
  render(
    <TutorialVideo
      title="Wordhoard tutorial video"
      unsupported="Your browser can’t play this video."
      language={language}
    />,
  );

/** The width and height in a JPEG's start-of-frame segment. */
function jpegSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  let offset = 2;
  while (offset + 9 < bytes.length) {
    const marker = bytes[offset + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc3) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  throw new Error(`${file}: no frame header`);
}

describe('the tutorial video from our own origin', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  it.each([
    [1280, 'desktop'],
    [768, 'desktop'],
    [767, 'mobile'],
    [375, 'mobile'],
  ] as const)('at %i px wide plays the %s recording, nothing loaded before play', async (width, size) => {
    restore = stubViewport(width);
    renderVideo();

    const video = screen.getByLabelText('Wordhoard tutorial video');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('preload', 'none');
    // The poster and the player's controls only once the page is idle after loading, so they
    // never compete with the first screen.
    expect(video).not.toHaveAttribute('poster');
    expect(video).not.toHaveAttribute('controls');
    await waitFor(() => expect(video).toHaveAttribute('poster', `/tutorial/tutorial-${size}.jpg`));
    expect(video).toHaveAttribute('controls');
    const sources = [...video.querySelectorAll('source')].map((source) => [
      source.getAttribute('src'),
      source.getAttribute('type'),
    ]);
    expect(sources).toEqual([
      [`/tutorial/tutorial-${size}.webm`, 'video/webm'],
      [`/tutorial/tutorial-${size}.mp4`, 'video/mp4'],
    ]);
    expect(video).toHaveTextContent('Your browser can’t play this video.');
  });

  it.each(['en', 'de', 'uk'] as const)(
    'carries captions in every language, those of the interface (%s) on by default',
    (language) => {
      restore = stubViewport(1280);
      renderVideo(language);

      const tracks = [...screen.getByLabelText('Wordhoard tutorial video').querySelectorAll('track')];
      expect(tracks.map((track) => track.getAttribute('srclang'))).toEqual([...LANGUAGES]);
      for (const track of tracks) {
        expect(track).toHaveAttribute('kind', 'captions');
        expect(track).toHaveAttribute(
          'src',
          `/tutorial/tutorial-desktop.${track.getAttribute('srclang') ?? ''}.vtt`,
        );
      }
      const defaults = tracks.filter((track) => track.hasAttribute('default'));
      expect(defaults.map((track) => track.getAttribute('srclang'))).toEqual([language]);
      expect(tracks.find((track) => track.getAttribute('srclang') === 'uk')).toHaveAttribute(
        'label',
        'Українська',
      );
    },
  );

  it.each(Object.entries(TUTORIAL_RECORDINGS))(
    'ships the %s recording: small WebM and MP4, a poster of its size and timed captions',
    (_size, recording) => {
      for (const file of [recording.webm, recording.mp4, recording.poster]) {
        expect(existsSync(publicFile(file)), file).toBe(true);
        expect(statSync(publicFile(file)).size, file).toBeLessThan(1.5 * 1024 * 1024);
      }
      expect(jpegSize(publicFile(recording.poster))).toEqual({
        width: recording.width,
        height: recording.height,
      });
      for (const language of LANGUAGES) {
        const vtt = readFileSync(publicFile(recording.captions(language)), 'utf8');
        expect(vtt.startsWith('WEBVTT\n'), language).toBe(true);
        const cues = [
          ...vtt.matchAll(/^(\w+)\n(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})\n(.+)$/gm),
        ];
        expect(cues.map((cue) => cue[1])).toEqual([...TUTORIAL_STEPS]);
        for (const [, step, start = '', end = '', text] of cues) {
          expect(end > start, `${language} ${step}`).toBe(true);
          expect(text).toBe(TUTORIAL_CAPTIONS[step as (typeof TUTORIAL_STEPS)[number]][language]);
        }
      }
    },
  );
});
