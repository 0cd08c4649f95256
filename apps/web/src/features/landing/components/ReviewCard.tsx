import { useTranslation } from 'react-i18next';
import { useAfterLoadWhenIdle } from '../../../shared/hooks/useAfterLoadWhenIdle';
import type { Review } from '../content';
import styles from './ReviewCard.module.css';

/**
 * A testimonial: the quote, then who said it with their portrait. The portrait (an SVG document
 * the browser builds on the main thread) waits until the page has loaded and is idle: it is
 * below the first screen, but near enough that lazy loading would fetch it with the page.
 */
export function ReviewCard({ review }: { review: Review }) {
  const { t } = useTranslation();
  const idle = useAfterLoadWhenIdle();
  return (
    <figure className={styles.card}>
      <blockquote className={styles.quote}>
        <p>{t(review.text)}</p>
      </blockquote>
      <figcaption className={styles.author}>
        <img
          src={idle ? review.image : undefined}
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
