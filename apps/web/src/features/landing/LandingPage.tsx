import { ArrowRight } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readRuntimeConfig } from '../../shared/config/runtimeConfig';
import { afterLoadWhenIdle } from '../../shared/lib/afterLoadWhenIdle';
import { cx } from '../../shared/lib/classNames';
import { PATHS } from '../../shared/routing';
import { Button, useDocumentTitle } from '../../shared/ui';
import { LanguagePicker } from '../../shared/ui/LanguagePicker/LanguagePicker';
import type { SliderMessages, SliderSlide } from '../../shared/ui/Slider/Slider';
import { HowToSlideCard } from './components/HowToSlideCard';
import { ReviewCard } from './components/ReviewCard';
import { TutorialVideo } from './components/TutorialVideo';
import { VideoFacade } from './components/VideoFacade';
import { FIVE_STARS_IMAGE, HOW_TO_SLIDES, REVIEWS } from './content';
import styles from './LandingPage.module.css';
import { useInterfaceLanguage } from './useInterfaceLanguage';

// Swiper arrives with the slider, after the page's own content: it is not in the initial bundle.
const loadSlider = () => import('../../shared/ui/Slider/Slider');
const Slider = lazy(loadSlider);

/**
 * Whether the sliders may load Swiper: once the page has loaded and the browser is idle. The
 * fallback looks exactly like the slider, so the first screen (its largest paint, the first
 * slide's picture) does not wait for Swiper's 28 KB, nor share the network with it.
 */
function useSwiperWhenIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(
    () =>
      afterLoadWhenIdle(() => {
        void loadSlider().then(
          () => setReady(true),
          () => setReady(true), // the lazy component shows the error where the slider would be
        );
      }),
    [],
  );
  return ready;
}

/**
 * Until Swiper has loaded, the first slide stands where the slider will be, in Swiper's exact
 * box so that nothing moves when it arrives: as tall as the tallest slide (Swiper gives every
 * slide that height; the others are laid out, hidden, in the same cell) and with room for the
 * arrows and bullets only when Swiper will show them (more than one slide).
 */
function SliderFallback({ slides }: { slides: readonly SliderSlide[] }) {
  return (
    <div className={cx(styles.sliderFallback, slides.length > 1 && styles.sliderFallbackControls)}>
      {slides.map((slide, index) => (
        <div
          key={slide.id}
          className={styles.sliderFallbackSlide}
          aria-hidden={index > 0 || undefined}
          inert={index > 0 || undefined}
        >
          {slide.content}
        </div>
      ))}
    </div>
  );
}

function LazySlider(props: {
  label: string;
  slides: readonly SliderSlide[];
  messages: SliderMessages;
  testId: string;
  /** False until Swiper may load (useSwiperWhenIdle): the fallback stands in. */
  load: boolean;
}) {
  if (!props.load) return <SliderFallback slides={props.slides} />;
  return (
    <Suspense fallback={<SliderFallback slides={props.slides} />}>
      <Slider
        label={props.label}
        slides={props.slides}
        messages={props.messages}
        data-testid={props.testId}
      />
    </Suspense>
  );
}

/** Welcome (SPEC §1): title, motto, the way in, how-to slides, the tutorial and reviews. */
export default function LandingPage() {
  const { t } = useTranslation();
  const [language, chooseLanguage] = useInterfaceLanguage();
  const [playingVideo, setPlayingVideo] = useState<string | null>(null);
  // Uploads on the video host when the deployment names them; otherwise our own recording.
  const [externalVideo] = useState(() => readRuntimeConfig().tutorialVideo);
  const loadSwiper = useSwiperWhenIdle();
  useDocumentTitle(t('Landing.Title'));

  const messages: SliderMessages = {
    previous: t('Landing.Slider.Previous'),
    next: t('Landing.Slider.Next'),
    // Swiper fills these placeholders in itself.
    goTo: t('Landing.Slider.GoTo', { index: '{{index}}' }),
    slideLabel: t('Landing.Slider.SlideLabel', { index: '{{index}}', slidesLength: '{{slidesLength}}' }),
    roleDescription: t('Landing.Slider.Carousel'),
    slideRoleDescription: t('Landing.Slider.Slide'),
  };

  const howToSlides = HOW_TO_SLIDES.map((slide, index) => ({
    id: slide.id,
    content: <HowToSlideCard slide={slide} eager={index === 0} />,
  }));

  const videoSlides = [
    {
      id: 'tutorial',
      content: (
        <article className={styles.videoSlide}>
          <div className={styles.videoText}>
            <h3 className={styles.videoHeader}>{t('Landing.Video.Header')}</h3>
            <p>{t('Landing.Video.Text')}</p>
          </div>
          {externalVideo ? (
            <>
              <VideoFacade
                ids={externalVideo}
                title={t('Landing.Video.FrameTitle')}
                playLabel={t('Landing.Video.Play')}
                playingId={playingVideo}
                onPlay={setPlayingVideo}
              />
              <p className={styles.videoNote}>{t('Landing.Video.Notice')}</p>
            </>
          ) : (
            <TutorialVideo
              title={t('Landing.Video.FrameTitle')}
              unsupported={t('Landing.Video.Unsupported')}
              language={language}
            />
          )}
        </article>
      ),
    },
  ];

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <LanguagePicker
          value={language}
          onChange={(next) => void chooseLanguage(next)}
          label={t('Landing.LanguagePicker')}
          className={styles.picker}
        />
        <h1 id="landing-title" className={styles.title}>
          {t('Landing.Title')}
        </h1>
        <p className={styles.motto}>{t('Landing.Motto')}</p>
        <Button to={PATHS.menu} size="lg" iconEnd={<ArrowRight />}>
          {t('Landing.GetStarted')}
        </Button>
      </section>

      <section className={styles.section} aria-labelledby="landing-how-to">
        <div className={styles.sectionHeader}>
          <h2 id="landing-how-to" className={styles.sectionTitle}>
            {t('Landing.HowTo.Title')}
          </h2>
          <p className={styles.sectionLead}>{t('Landing.HowTo.Lead')}</p>
        </div>
        <LazySlider
          label={t('Landing.HowTo.Title')}
          slides={howToSlides}
          messages={messages}
          testId="how-to-slider"
          load={loadSwiper}
        />
      </section>

      <section className={styles.section} aria-labelledby="landing-video">
        <div className={styles.sectionHeader}>
          <h2 id="landing-video" className={styles.sectionTitle}>
            {t('Landing.Video.Title')}
          </h2>
        </div>
        <LazySlider
          label={t('Landing.Video.Title')}
          slides={videoSlides}
          messages={messages}
          testId="video-slider"
          load={loadSwiper}
        />
      </section>

      <section className={styles.section} aria-labelledby="landing-reviews">
        <div className={styles.sectionHeader}>
          <h2 id="landing-reviews" className={styles.sectionTitle}>
            {t('Landing.Reviews.Title')}
          </h2>
          <img
            src={FIVE_STARS_IMAGE.src}
            width={FIVE_STARS_IMAGE.width}
            height={FIVE_STARS_IMAGE.height}
            alt={t('Landing.Reviews.Rating')}
            loading="lazy"
            decoding="async"
            className={styles.stars}
          />
        </div>
        <ul className={styles.reviews}>
          {REVIEWS.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
