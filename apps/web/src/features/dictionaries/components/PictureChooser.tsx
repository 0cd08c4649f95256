import type { WordPicture } from '@wordhoard/shared';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import { Button } from '../../../shared/ui';
import { firstFile, PICTURE_ACCEPT, PICTURE_MAX_MB, pictureProblem, type PendingFile } from '../lib/media';
import styles from './WordMedia.module.css';

interface PictureChooserProps {
  /** The word's term: the picture's alt text and part of the labels. */
  term: string;
  /** The stored picture, if any. */
  picture: WordPicture | null;
  /** A picture chosen but not stored yet (a new word's, sent once the word is saved). */
  pending?: PendingFile | null;
  /** Being stored or removed. */
  busy?: boolean;
  /** The server's refusal, in the user's language. */
  error?: string | null;
  /** A file that passed the type and size checks. */
  onChoose: (file: File) => void;
  onRemove: () => void;
}

/**
 * A word's picture: choose a file (or drop or paste one here), see it, remove it. The type and
 * size are checked before anything is sent (the server re-encodes and resizes what it takes).
 */
export function PictureChooser({
  term,
  picture,
  pending = null,
  busy = false,
  error,
  onChoose,
  onRemove,
}: PictureChooserProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const shown = pending
    ? { url: pending.url, width: undefined, height: undefined }
    : picture
      ? { url: picture.url, width: picture.width, height: picture.height }
      : null;

  const take = (file: File | null) => {
    if (!file) return;
    const found = pictureProblem(file);
    if (found === 'type') setProblem(t('Dictionaries.Media.PictureType'));
    else if (found === 'size') setProblem(t('Dictionaries.Media.PictureSize', { max: PICTURE_MAX_MB }));
    else {
      setProblem(null);
      onChoose(file);
    }
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) take(firstFile(event.dataTransfer));
  };
  const paste = (event: ClipboardEvent<HTMLDivElement>) => {
    const file = firstFile(event.clipboardData);
    if (!file || busy) return;
    event.preventDefault();
    take(file);
  };
  const message = problem ?? error ?? null;

  return (
    <div
      role="group"
      aria-labelledby={headingId}
      aria-describedby={hintId}
      className={cx(styles.zone, dragging && styles.dragging)}
      data-testid="picture-chooser"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      onPaste={paste}
    >
      <p id={headingId} className={styles.heading}>
        {t('Dictionaries.Media.Picture')}
      </p>
      <div className={styles.pictureRow}>
        {shown ? (
          <img
            src={shown.url}
            alt={term || t('Dictionaries.Media.PictureAltNew')}
            width={shown.width}
            height={shown.height}
            className={styles.preview}
            data-testid="picture-preview"
          />
        ) : (
          <span className={styles.placeholder} aria-hidden="true">
            <ImagePlus />
          </span>
        )}
        <div className={styles.controls}>
          <input
            ref={inputRef}
            type="file"
            accept={PICTURE_ACCEPT}
            className={styles.fileInput}
            tabIndex={-1}
            aria-hidden="true"
            data-testid="picture-input"
            onChange={(event) => {
              take(event.target.files?.[0] ?? null);
              // The same file chosen again is a change too.
              event.target.value = '';
            }}
          />
          <Button
            variant="secondary"
            size="sm"
            icon={<ImagePlus />}
            busy={busy}
            onClick={() => inputRef.current?.click()}
          >
            {shown ? t('Dictionaries.Media.ReplacePicture') : t('Dictionaries.Media.ChoosePicture')}
          </Button>
          {shown && (
            <Button
              variant="ghost"
              size="sm"
              icon={<Trash2 />}
              disabled={busy}
              onClick={() => {
                setProblem(null);
                onRemove();
              }}
            >
              {t('Dictionaries.Media.RemovePicture')}
            </Button>
          )}
          <p id={hintId} className={styles.hint}>
            {t('Dictionaries.Media.PictureHint', { max: PICTURE_MAX_MB })}
          </p>
        </div>
      </div>
      {message && (
        <p role="alert" className={styles.error}>
          {message}
        </p>
      )}
    </div>
  );
}
