/**
 * What the landing page shows (SPEC §1): the how-to-use slides, the tutorial video and the
 * reviews. Texts are i18n keys, so every language has its own; images live in public/images.
 */

const IMAGES = '/images/landing';

/** One how-to-use slide: a phone and a desktop illustration, a header, a text and the alt text. */
export interface HowToSlide {
  id: 'dictionary' | 'testing' | 'organization';
  /** Shown below 768 px. */
  mobileImage: string;
  /** Shown from 768 px on (a <picture> source). */
  desktopImage: string;
  header: `Landing.Slides.${HowToSlide['id']}.Header`;
  text: `Landing.Slides.${HowToSlide['id']}.Text`;
  alt: `Landing.Slides.${HowToSlide['id']}.Alt`;
}

/** The illustrations' intrinsic sizes, so the browser reserves their space before they load. */
export const SLIDE_IMAGE_SIZE = {
  mobile: { width: 360, height: 480 },
  desktop: { width: 960, height: 600 },
} as const;

const slide = (id: HowToSlide['id']): HowToSlide => ({
  id,
  mobileImage: `${IMAGES}/slide-${id}-mobile.svg`,
  desktopImage: `${IMAGES}/slide-${id}-desktop.svg`,
  header: `Landing.Slides.${id}.Header`,
  text: `Landing.Slides.${id}.Text`,
  alt: `Landing.Slides.${id}.Alt`,
});

export const HOW_TO_SLIDES: readonly HowToSlide[] = [
  slide('dictionary'),
  slide('testing'),
  slide('organization'),
];

/**
 * The tutorial on the video host, one recording per screen size (SPEC §1: below 768 px the
 * mobile one). Replace these ids with the published uploads; nothing else needs to change.
 */
export const TUTORIAL_VIDEO_IDS = { mobile: 'WhTutorialM', desktop: 'WhTutorialD' } as const;

/** The privacy-enhanced player; it is requested only after the visitor presses play. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

export function videoEmbedUrl(id: string): string {
  return `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(id)}?autoplay=1`;
}

/** Local posters for the play button, so nothing leaves the machine before play. */
export const TUTORIAL_POSTERS = {
  mobile: { src: `${IMAGES}/tutorial-poster-mobile.svg`, width: 360, height: 640 },
  desktop: { src: `${IMAGES}/tutorial-poster-desktop.svg`, width: 960, height: 540 },
} as const;

/** One testimonial: who, their portrait and its alt text, and what they said. */
export interface Review {
  id: 'olena' | 'marco' | 'claire';
  name: string;
  image: string;
  alt: `Landing.Reviews.${Review['id']}.Alt`;
  text: `Landing.Reviews.${Review['id']}.Text`;
}

const review = (id: Review['id'], name: string): Review => ({
  id,
  name,
  image: `${IMAGES}/review-${id}.svg`,
  alt: `Landing.Reviews.${id}.Alt`,
  text: `Landing.Reviews.${id}.Text`,
});

export const REVIEWS: readonly Review[] = [
  review('olena', 'Olena K.'),
  review('marco', 'Marco R.'),
  review('claire', 'Claire D.'),
];

export const FIVE_STARS_IMAGE = { src: `${IMAGES}/five-stars.svg`, width: 160, height: 32 } as const;
