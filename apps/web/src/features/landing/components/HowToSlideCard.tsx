import { useTranslation } from 'react-i18next';
import { SLIDE_IMAGE_SIZE, type HowToSlide } from '../content';
import styles from './HowToSlideCard.module.css';

/** One how-to-use slide: the illustration for the screen size beside its header and text. */
export function HowToSlideCard({ slide, eager = false }: { slide: HowToSlide; eager?: boolean }) {
  const { t } = useTranslation();
  return (
    <article className={styles.card}>
      <picture className={styles.picture}>
        <source
          media="(min-width: 768px)"
          srcSet={slide.desktopImage}
          width={SLIDE_IMAGE_SIZE.desktop.width}
          height={SLIDE_IMAGE_SIZE.desktop.height}
        />
        <img
          src={slide.mobileImage}
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
