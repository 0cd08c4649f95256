import type { WordPicture as Picture } from '@wordhoard/shared';
import { cx } from '../../../shared/lib/classNames';
import styles from './WordPicture.module.css';

interface WordPictureProps {
  picture: Picture;
  /** The term where it gives nothing away (the report); a neutral description in a question. */
  alt: string;
  size?: 'md' | 'sm';
  className?: string;
}

/**
 * A word's picture in a test or its report. Its width and height are the stored picture's, so
 * the box is laid out before it loads; CSS scales it down keeping the proportions.
 */
export function WordPicture({ picture, alt, size = 'md', className }: WordPictureProps) {
  return (
    <img
      src={picture.url}
      alt={alt}
      width={picture.width}
      height={picture.height}
      decoding="async"
      className={cx(styles.picture, size === 'sm' && styles.sm, className)}
      data-testid="word-picture"
    />
  );
}
