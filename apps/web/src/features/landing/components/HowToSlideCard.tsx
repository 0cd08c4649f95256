import { useTranslation } from 'react-i18next';
import { useAfterLoadWhenIdle } from '../../../shared/hooks/useAfterLoadWhenIdle';
import { SLIDE_IMAGE_SIZE, type HowToSlide } from '../content';
import styles from './HowToSlideCard.module.css';

/**
 * One how-to-use slide: the illustration for the screen size beside its header and text. Only
 * the first slide's picture (`eager`, the page's largest paint) loads with the page: each SVG
 * picture is a document of its own that the browser builds on the main thread, and the other
 * slides are out of view until swiped to, so theirs wait until the page has loaded and is idle.
 * Their box has its size meanwhile (the aspect ratio in the CSS), so nothing moves.
 */
export function HowToSlideCard({ slide, eager = false }: { slide: HowToSlide; eager?: boolean }) {
  const { t } = useTranslation();
  const idle = useAfterLoadWhenIdle();
  const load = eager || idle;
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
