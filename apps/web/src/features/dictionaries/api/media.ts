import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { DictionaryWithWords, Word } from '@wordhoard/shared';
import { testingKeys } from '../../../shared/api/queries';
import { useServices } from '../../../shared/services';
import { inline } from './inline';
import { dictionaryKeys } from './queryKeys';

/** Which word, in which dictionary. */
export interface WordAddress {
  dictionaryId: string;
  wordId: string;
}

/**
 * Puts the word the server answered with into every cached view of it: the word itself and
 * the loaded pages of the dictionary's words (the list and the words editor), so that the new
 * version is the one the next edit is made on (decision 0060), without reloading every page.
 */
function storeWord(queryClient: QueryClient, dictionaryId: string, word: Word) {
  queryClient.setQueryData(dictionaryKeys.word(dictionaryId, word.id), word);
  queryClient.setQueriesData<InfiniteData<DictionaryWithWords, number>>(
    { queryKey: [...dictionaryKeys.detail(dictionaryId), 'words'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) =>
          page.words.some((each) => each.id === word.id)
            ? // The list's number stays: a word read alone has none.
              {
                ...page,
                words: page.words.map((each) => (each.id === word.id ? { ...each, ...word } : each)),
              }
            : page,
        ),
      },
  );
  // Written data counts as fresh: still marked stale, so that pages cached before a batch that
  // was just saved (the list, reusing the editor's query) are loaded again when next shown.
  void queryClient.invalidateQueries({
    queryKey: [...dictionaryKeys.detail(dictionaryId), 'words'],
    refetchType: 'none',
  });
  // The JSON export (the import preview's duplicate check) and a test or report showing the word.
  void queryClient.invalidateQueries({ queryKey: dictionaryKeys.export(dictionaryId), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: testingKeys.state });
}

type MediaKind = 'picture' | 'audio';

const PUT = { picture: 'putWordPicture', audio: 'putWordAudio' } as const;
const DELETE = { picture: 'deleteWordPicture', audio: 'deleteWordAudio' } as const;

/**
 * PUT a word's picture or recording: the file goes as it is (the server re-encodes a picture
 * and checks a recording). A refusal (too large, not a picture, over the storage quota) is
 * shown by the editor beside the chooser, in the server's words.
 */
export function useSetWordMedia(kind: MediaKind) {
  const services = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dictionaryId, wordId, file }: WordAddress & { file: Blob }) =>
      inline(services, () =>
        services.http.request(PUT[kind], {
          params: { id: dictionaryId, wordId },
          body: file,
          silent: true,
        }),
      ),
    onSuccess: (word, { dictionaryId }) => storeWord(queryClient, dictionaryId, word),
  });
}

/** DELETE a word's picture or recording. */
export function useRemoveWordMedia(kind: MediaKind) {
  const services = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dictionaryId, wordId }: WordAddress) =>
      inline(services, () =>
        services.http.request(DELETE[kind], { params: { id: dictionaryId, wordId }, silent: true }),
      ),
    onSuccess: (word, { dictionaryId }) => storeWord(queryClient, dictionaryId, word),
  });
}

/**
 * Uploads the pictures chosen for words typed in the words editor, once the batch that
 * creates them is saved (the batch answers the new words' ids). A refusal is shown in the
 * error modal; resolves with the terms whose picture could not be stored.
 */
export function useUploadNewWordPictures() {
  const services = useServices();
  const queryClient = useQueryClient();
  return async (
    dictionaryId: string,
    pictures: ReadonlyArray<{ wordId: string; term: string; file: Blob }>,
  ) => {
    const failed: string[] = [];
    for (const { wordId, term, file } of pictures) {
      try {
        const updated = await services.http.request('putWordPicture', {
          params: { id: dictionaryId, wordId },
          body: file,
        });
        storeWord(queryClient, dictionaryId, updated);
      } catch {
        failed.push(term);
      }
    }
    return failed;
  };
}
