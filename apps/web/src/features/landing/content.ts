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

/** One size of the tutorial as our own files: WebM, MP4, a poster and captions per language. */
export interface TutorialRecording {
  width: number;
  height: number;
  webm: string;
  mp4: string;
  poster: string;
  /** The WebVTT captions in an interface language. */
  captions: (language: string) => string;
}

const TUTORIAL = '/tutorial';

const recording = (size: 'desktop' | 'mobile', width: number, height: number): TutorialRecording => ({
  width,
  height,
  webm: `${TUTORIAL}/tutorial-${size}.webm`,
  mp4: `${TUTORIAL}/tutorial-${size}.mp4`,
  poster: `${TUTORIAL}/tutorial-${size}.jpg`,
  captions: (language) => `${TUTORIAL}/tutorial-${size}.${language}.vtt`,
});

/**
 * The tutorial, recorded from the real app by `npm run record:tutorial` into public/tutorial
 * (sizes as in e2e/scripts/record-tutorial.ts): one recording per screen size, the phone one
 * below 768 px (SPEC §1). A deployment may play uploads on the video host instead
 * (TUTORIAL_VIDEO_DESKTOP / TUTORIAL_VIDEO_MOBILE, shown through VideoFacade).
 */
export const TUTORIAL_RECORDINGS = {
  desktop: recording('desktop', 1280, 720),
  mobile: recording('mobile', 390, 844),
} as const;

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
