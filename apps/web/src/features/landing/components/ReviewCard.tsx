import { useTranslation } from 'react-i18next';
import type { Review } from '../content';
import styles from './ReviewCard.module.css';

/** A testimonial: the quote, then who said it with their portrait. */
export function ReviewCard({ review }: { review: Review }) {
  const { t } = useTranslation();
  return (
    <figure className={styles.card}>
      <blockquote className={styles.quote}>
        <p>{t(review.text)}</p>
      </blockquote>
      <figcaption className={styles.author}>
        <img
          src={review.image}
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
