import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readRuntimeConfig } from '../../shared/config/runtimeConfig';
import { useAfterLoadWhenIdle } from '../../shared/hooks/useAfterLoadWhenIdle';
import { PATHS } from '../../shared/routing';
import { Button, useDocumentTitle } from '../../shared/ui';
import { LanguagePicker } from '../../shared/ui/LanguagePicker/LanguagePicker';
import { Slider, type SliderMessages } from '../../shared/ui/Slider/Slider';
import { HowToSlideCard } from './components/HowToSlideCard';
import { ReviewCard } from './components/ReviewCard';
import { TutorialVideo } from './components/TutorialVideo';
import { VideoFacade } from './components/VideoFacade';
import { FIVE_STARS_IMAGE, HOW_TO_SLIDES, REVIEWS } from './content';
import styles from './LandingPage.module.css';
import { useInterfaceLanguage } from './useInterfaceLanguage';

/** Welcome (SPEC §1): title, motto, the way in, how-to slides, the tutorial and reviews. */
export default function LandingPage() {
  const { t } = useTranslation();
  const [language, chooseLanguage] = useInterfaceLanguage();
  const [playingVideo, setPlayingVideo] = useState<string | null>(null);
  // Uploads on the video host when the deployment names them; otherwise our own recording.
  const [externalVideo] = useState(() => readRuntimeConfig().tutorialVideo);
  useDocumentTitle(t('Landing.Title'));
  // What the first screen does not show waits until the page has loaded and is idle: the other
  // slides' pictures, the portraits and the rating (each an SVG document built on the main thread).
  const idle = useAfterLoadWhenIdle();

  const messages: SliderMessages = {
    previous: t('Landing.Slider.Previous'),
    next: t('Landing.Slider.Next'),
    goTo: (index) => t('Landing.Slider.GoTo', { index }),
    slideLabel: (index, slidesLength) => t('Landing.Slider.SlideLabel', { index, slidesLength }),
    roleDescription: t('Landing.Slider.Carousel'),
    slideRoleDescription: t('Landing.Slider.Slide'),
  };

  const howToSlides = HOW_TO_SLIDES.map((slide, index) => ({
    id: slide.id,
    content: <HowToSlideCard slide={slide} eager={index === 0} load={index === 0 || idle} />,
  }));

  const videoSlides = [
    {
      id: 'tutorial',
      content: (
        <article className={styles.videoSlide}>
          <div className={styles.videoText}>
            <h3 className={styles.videoHeader}>{t('Landing.Video.Header')}</h3>
            <p>{t('Landing.Video.Text')}</p>
            {/* The recordings show the English interface; a learner reading another language is told. */}
            {language !== 'en' && <p className={styles.videoNote}>{t('Landing.Video.EnglishScreens')}</p>}
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
    // The pictures that wait for idle have their sources from here on: a signal for tests that
    // must see every picture in, whatever the machine's speed.
    <div className={styles.page} data-deferred-images={idle ? 'set' : 'waiting'}>
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
        <Slider
          label={t('Landing.HowTo.Title')}
          slides={howToSlides}
          messages={messages}
          data-testid="how-to-slider"
        />
      </section>

      <section className={styles.section} aria-labelledby="landing-video">
        <div className={styles.sectionHeader}>
          <h2 id="landing-video" className={styles.sectionTitle}>
            {t('Landing.Video.Title')}
          </h2>
        </div>
        <Slider
          label={t('Landing.Video.Title')}
          slides={videoSlides}
          messages={messages}
          data-testid="video-slider"
        />
      </section>

      <section className={styles.section} aria-labelledby="landing-reviews">
        <div className={styles.sectionHeader}>
          <h2 id="landing-reviews" className={styles.sectionTitle}>
            {t('Landing.Reviews.Title')}
          </h2>
          <img
            src={idle ? FIVE_STARS_IMAGE.src : undefined}
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
              <ReviewCard review={review} showPortrait={idle} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
