import { useTranslation } from 'react-i18next';
import { SLIDE_IMAGE_SIZE, type HowToSlide } from '../content';
import styles from './HowToSlideCard.module.css';

/**
 * One how-to-use slide: the illustration for the screen size beside its header and text. The
 * picture is asked for only once `load` is true: the first slide's (`eager`, the page's largest
 * paint) at once; the others' once the page is idle (LandingPage), since each SVG picture is a
 * document the browser builds on the main thread and they are out of view until swiped to.
 * The box has its size meanwhile (the aspect ratio in the CSS), so nothing moves.
 */
export function HowToSlideCard({
  slide,
  eager = false,
  load,
}: {
  slide: HowToSlide;
  eager?: boolean;
  load: boolean;
}) {
  const { t } = useTranslation();
  return (
    <article className={styles.card}>
      <picture className={styles.picture}>
        <source
          media="(min-width: 768px)"
          srcSet={load ? slide.desktopImage : undefined}
          width={SLIDE_IMAGE_SIZE.desktop.width}
          height={SLIDE_IMAGE_SIZE.desktop.height}
        />
        <img
          src={load ? slide.mobileImage : undefined}
          width={SLIDE_IMAGE_SIZE.mobile.width}
          height={SLIDE_IMAGE_SIZE.mobile.height}
          alt={t(slide.alt)}
          loading={eager ? 'eager' : 'lazy'}
          // The first slide's picture is the landing page's largest paint.
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className={styles.image}
        />
      </picture>
      <div className={styles.body}>
        <h3 className={styles.header}>{t(slide.header)}</h3>
        <p className={styles.text}>{t(slide.text)}</p>
      </div>
    </article>
  );
}
