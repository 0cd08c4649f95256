import { LANGUAGES } from '@wordhoard/shared';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLocale } from '../../shared/i18n';
import { FIVE_STARS_IMAGE, HOW_TO_SLIDES, REVIEWS, TUTORIAL_POSTERS, videoEmbedUrl } from './content';

const PUBLIC_DIR = path.resolve(__dirname, '../../../public');
const publicFile = (url: string) => path.join(PUBLIC_DIR, url);

/** The text at a dotted key of a locale resource, or undefined. */
function lookup(resource: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resource);
}

describe('landing content', () => {
  it('has the dictionary, testing and organization slides, in that order', () => {
    expect(HOW_TO_SLIDES.map((slide) => slide.id)).toEqual(['dictionary', 'testing', 'organization']);
  });

  it.each(HOW_TO_SLIDES.map((slide) => [slide.id, slide] as const))(
    'slide %s has a mobile and a desktop image that exist, a header, a text and an alt',
    (_id, slide) => {
      for (const field of ['mobileImage', 'desktopImage', 'header', 'text', 'alt'] as const) {
        expect(slide[field], field).toBeTruthy();
      }
      expect(slide.mobileImage).not.toBe(slide.desktopImage);
      expect(existsSync(publicFile(slide.mobileImage)), slide.mobileImage).toBe(true);
      expect(existsSync(publicFile(slide.desktopImage)), slide.desktopImage).toBe(true);
    },
  );

  it('has three reviews, each with a name, an existing image, an alt and a text', () => {
    expect(REVIEWS).toHaveLength(3);
    for (const review of REVIEWS) {
      expect(review.name.trim()).not.toBe('');
      expect(existsSync(publicFile(review.image)), review.image).toBe(true);
      expect(review.alt).toBeTruthy();
      expect(review.text).toBeTruthy();
    }
    expect(new Set(REVIEWS.map((review) => review.image)).size).toBe(3);
  });

  it('ships the five-star image and the video posters', () => {
    for (const image of [FIVE_STARS_IMAGE, TUTORIAL_POSTERS.mobile, TUTORIAL_POSTERS.desktop]) {
      expect(existsSync(publicFile(image.src)), image.src).toBe(true);
    }
  });

  it.each(LANGUAGES)('every slide and review text exists in %s', async (language) => {
    const resource = await loadLocale(language);
    const keys = [
      ...HOW_TO_SLIDES.flatMap((slide) => [slide.header, slide.text, slide.alt]),
      ...REVIEWS.flatMap((review) => [review.alt, review.text]),
    ];
    for (const key of keys) expect(lookup(resource, key), `${language}: ${key}`).toEqual(expect.any(String));
  });

  it('embeds from the privacy-enhanced host with autoplay', () => {
    expect(videoEmbedUrl('abc')).toBe('https://www.youtube-nocookie.com/embed/abc?autoplay=1');
  });
});
