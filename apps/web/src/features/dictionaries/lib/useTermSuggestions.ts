import { normalizeSpaces, termSchema, type ContentLanguage } from '@wordhoard/shared';
import { useTranslationSuggestions } from '../api/translate';
import { useDebouncedValue } from './useDebouncedValue';
import { freshSuggestions, type EditorRow } from './wordEditor';

const SUGGESTION_DEBOUNCE_MS = 400;

/**
 * Translation suggestions for the term being typed in the words editor, asked once typing
 * pauses, without the definitions the row already has.
 */
export function useTermSuggestions(
  rows: readonly EditorRow[],
  activeKey: string | null,
  dictionary: { fromLanguage: ContentLanguage; toLanguage: ContentLanguage } | undefined,
) {
  const activeRow = rows.find((row) => row.key === activeKey && row.pending && !row.deleted);
  const candidate =
    activeRow && termSchema.safeParse(activeRow.values.term).success
      ? normalizeSpaces(activeRow.values.term)
      : '';
  const lookup = useDebouncedValue(candidate, SUGGESTION_DEBOUNCE_MS);
  const suggestions = useTranslationSuggestions(lookup, dictionary?.fromLanguage, dictionary?.toLanguage);
  const shownSuggestions = activeRow ? freshSuggestions(suggestions.data ?? [], activeRow.values) : undefined;
  const suggestionsPending = lookup !== '' && lookup === candidate && suggestions.isFetching;
  return { activeRow, shownSuggestions, suggestionsPending };
}
