import type { Word } from '@wordhoard/shared';
import { useTranslation } from 'react-i18next';
import type { PendingFile } from '../lib/media';
import { PictureChooser } from './PictureChooser';
import { WordMedia } from './WordMedia';
import styles from './WordEditorRow.module.css';

interface WordEditorMediaProps {
  id: string;
  dictionaryId: string;
  /** The saved word; none for a new one. */
  word?: Word;
  term: string;
  /** A new word's picture, chosen here and sent once the word is saved. */
  pendingPicture: PendingFile | null;
  /** Chooses (or, with null, drops) a new word's picture. */
  onPicture: (file: Blob | null) => void;
}

/**
 * A word's picture and recording under its row in the editor: stored at once for a saved word;
 * for a new word only a picture, kept until the word is saved.
 */
export function WordEditorMedia({
  id,
  dictionaryId,
  word,
  term,
  pendingPicture,
  onPicture,
}: WordEditorMediaProps) {
  const { t } = useTranslation();
  return (
    <div id={id} className={styles.media}>
      {word !== undefined ? (
        <WordMedia dictionaryId={dictionaryId} word={word} />
      ) : (
        <>
          <PictureChooser
            term={term.trim()}
            picture={null}
            pending={pendingPicture}
            onChoose={(file) => onPicture(file)}
            onRemove={() => onPicture(null)}
          />
          <p className={styles.mediaHint}>{t('Dictionaries.Media.NewWordHint')}</p>
        </>
      )}
    </div>
  );
}
