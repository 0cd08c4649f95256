import { normalizeSpaces } from '@wordhoard/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUploadNewWordPictures } from '../api/media';
import { previewUrl, releasePreview, type PendingFile } from './media';
import { isBlank, type EditorState } from './wordEditor';

/**
 * The pictures chosen in the words editor for words not saved yet, by row, with their previews;
 * `uploadFor` sends them once the batch has created the words, by the ids it answered.
 */
export function useNewWordPictures(dictionaryId: string) {
  const [pictures, setPictures] = useState<ReadonlyMap<string, PendingFile>>(new Map());
  const [uploading, setUploading] = useState(false);
  const uploadPictures = useUploadNewWordPictures();
  const picturesRef = useRef(pictures);
  const choosePicture = useCallback((key: string, file: Blob | null) => {
    const current = picturesRef.current;
    releasePreview(current.get(key)?.url);
    const next = new Map(current);
    if (file) next.set(key, { file, url: previewUrl(file) });
    else next.delete(key);
    picturesRef.current = next;
    setPictures(next);
  }, []);
  // The previews go with the editor.
  useEffect(
    () => () => {
      for (const { url } of picturesRef.current.values()) releasePreview(url);
      picturesRef.current = new Map();
    },
    [],
  );

  /**
   * Uploads the pictures of the drafts a batch created. The batch created the non-blank drafts
   * in order, and their ids come back in that order. The words are saved whatever becomes of
   * their pictures; a refused one is reported in the error modal, in the server's words.
   */
  async function uploadFor(drafts: EditorState['drafts'], createdWordIds: readonly string[]) {
    const chosen = drafts
      .filter((draft) => !isBlank(draft))
      .flatMap((draft, index) => {
        const file = pictures.get(draft.key)?.file;
        const wordId = createdWordIds[index];
        return file && wordId ? [{ wordId, term: normalizeSpaces(draft.term), file }] : [];
      });
    if (chosen.length === 0) return;
    setUploading(true);
    await uploadPictures(dictionaryId, chosen).finally(() => setUploading(false));
  }

  return { pictures, choosePicture, uploading, uploadFor };
}
