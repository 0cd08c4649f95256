import type { Word } from '@wordhoard/shared';
import { useState } from 'react';
import { useRemoveWordMedia, useSetWordMedia } from '../api/media';
import { PictureChooser } from './PictureChooser';
import { PronunciationRecorder } from './PronunciationRecorder';
import styles from './WordMedia.module.css';

interface WordMediaProps {
  dictionaryId: string;
  /** A saved word: what is chosen or recorded is stored at once. */
  word: Word;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A saved word's picture and recorded pronunciation, each stored (or removed) as soon as it is
 * chosen, apart from the word's text: the server answers with the word, which replaces it in
 * the cached lists. A refusal is shown beside what was refused, in the server's words.
 */
export function WordMedia({ dictionaryId, word }: WordMediaProps) {
  const setPicture = useSetWordMedia('picture');
  const removePicture = useRemoveWordMedia('picture');
  const setAudio = useSetWordMedia('audio');
  const removeAudio = useRemoveWordMedia('audio');
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [audioError, setAudioError] = useState<string | null>(null);
  const address = { dictionaryId, wordId: word.id };

  return (
    <div className={styles.media} data-testid="word-media">
      <PictureChooser
        term={word.term}
        picture={word.picture}
        busy={setPicture.isPending || removePicture.isPending}
        error={pictureError}
        onChoose={(file) => {
          setPictureError(null);
          setPicture.mutate({ ...address, file }, { onError: (error) => setPictureError(messageOf(error)) });
        }}
        onRemove={() => {
          setPictureError(null);
          removePicture.mutate(address, { onError: (error) => setPictureError(messageOf(error)) });
        }}
      />
      <PronunciationRecorder
        term={word.term}
        audio={word.audio}
        busy={setAudio.isPending || removeAudio.isPending}
        error={audioError}
        onSave={async (file) => {
          setAudioError(null);
          try {
            await setAudio.mutateAsync({ ...address, file });
          } catch (error) {
            setAudioError(messageOf(error));
            throw error;
          }
        }}
        onRemove={() => {
          setAudioError(null);
          removeAudio.mutate(address, { onError: (error) => setAudioError(messageOf(error)) });
        }}
      />
    </div>
  );
}
