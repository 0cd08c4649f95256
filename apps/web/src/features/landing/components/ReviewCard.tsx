import { useTranslation } from 'react-i18next';
import type { Review } from '../content';
import styles from './ReviewCard.module.css';

/**
 * A testimonial: the quote, then who said it with their portrait. The portrait (an SVG document
 * the browser builds on the main thread) is asked for only with `showPortrait`: LandingPage
 * waits until the page has loaded and is idle, as it is below the first screen but near enough
 * that lazy loading alone would fetch it with the page.
 */
export function ReviewCard({ review, showPortrait }: { review: Review; showPortrait: boolean }) {
  const { t } = useTranslation();
  return (
    <figure className={styles.card}>
      <blockquote className={styles.quote}>
        <p>{t(review.text)}</p>
      </blockquote>
      <figcaption className={styles.author}>
        <img
          src={showPortrait ? review.image : undefined}
          alt={t(review.alt)}
          width="56"
          height="56"
          loading="lazy"
          decoding="async"
          className={styles.avatar}
        />
        <span className={styles.name}>{review.name}</span>
      </figcaption>
    </figure>
  );
}
