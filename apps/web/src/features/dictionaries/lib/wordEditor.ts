import {
  definitionSchema,
  definitionsSchema,
  encodeMessage,
  examplesSchema,
  MAX_DEFINITIONS,
  normalizeSpaces,
  termKey,
  splitDefinitions,
  termSchema,
  type UpdateDictionaryBody,
  type Word,
} from '@wordhoard/shared';

/**
 * The word editor's state, kept apart from the loaded words: what the user changed, deleted
 * and added. A failed save leaves it untouched, so nothing typed is ever lost; a save sends
 * all of it as one PATCH batch.
 */

/**
 * A word as the editor shows it: definitions as one comma-separated text, example sentences
 * one per line (decision 0060).
 */
export interface WordValues {
  term: string;
  definitions: string;
  examples: string;
}
export type WordField = keyof WordValues;

export interface Draft extends WordValues {
  key: string;
}

export interface EditorState {
  /** Existing words the user typed into, by id (even if typed back to the saved text). */
  edits: Readonly<Record<string, WordValues>>;
  /** The saved words behind `edits`, so a change is sent even once its page is no longer shown. */
  originals: Readonly<Record<string, Word>>;
  deleted: Readonly<Record<string, true>>;
  /** New words, in the order they were added. */
  drafts: readonly Draft[];
  /** Fields the user has left (`${rowKey}:${field}`); their errors show from then on. */
  touched: Readonly<Record<string, true>>;
  /** After a save attempt every error shows. */
  submitted: boolean;
  nextDraft: number;
}

export type EditorAction =
  | { type: 'change'; key: string; word?: Word; field: WordField; value: string }
  | { type: 'touch'; key: string; field: WordField }
  | { type: 'add' }
  | { type: 'remove'; key: string; existing: boolean }
  | { type: 'restore'; id: string }
  | { type: 'submit' }
  | { type: 'reset' };

export const initialEditorState: EditorState = {
  edits: {},
  originals: {},
  deleted: {},
  drafts: [],
  touched: {},
  submitted: false,
  nextDraft: 1,
};

export const DEFINITION_SEPARATOR = ', ';

export const joinDefinitions = (definitions: readonly string[]) => definitions.join(DEFINITION_SEPARATOR);

export const joinExamples = (examples: readonly string[]) => examples.join('\n');

/** The example sentences of the editor's text: one per line, blank lines left out. */
export function splitExamples(text: string): string[] {
  return text
    .split(/\r\n|\n|\r/)
    .map(normalizeSpaces)
    .filter((example) => example !== '');
}

export function valuesOf(word: Word): WordValues {
  return {
    term: word.term,
    definitions: joinDefinitions(word.definitions),
    examples: joinExamples(word.examples),
  };
}

const fieldKey = (key: string, field: WordField) => `${key}:${field}`;

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'change': {
      const draft = state.drafts.find((candidate) => candidate.key === action.key);
      if (draft) {
        return {
          ...state,
          drafts: state.drafts.map((candidate) =>
            candidate === draft ? { ...candidate, [action.field]: action.value } : candidate,
          ),
        };
      }
      const current = state.edits[action.key] ?? (action.word ? valuesOf(action.word) : undefined);
      if (!current) return state;
      return {
        ...state,
        edits: { ...state.edits, [action.key]: { ...current, [action.field]: action.value } },
        originals:
          action.word && !state.originals[action.key]
            ? { ...state.originals, [action.key]: action.word }
            : state.originals,
      };
    }
    case 'touch': {
      const key = fieldKey(action.key, action.field);
      return state.touched[key] ? state : { ...state, touched: { ...state.touched, [key]: true } };
    }
    case 'add':
      return {
        ...state,
        drafts: [...state.drafts, { key: `new-${state.nextDraft}`, term: '', definitions: '', examples: '' }],
        nextDraft: state.nextDraft + 1,
      };
    case 'remove':
      return action.existing
        ? { ...state, deleted: { ...state.deleted, [action.key]: true } }
        : { ...state, drafts: state.drafts.filter((draft) => draft.key !== action.key) };
    case 'restore': {
      const { [action.id]: _restored, ...deleted } = state.deleted;
      return { ...state, deleted };
    }
    case 'submit':
      return state.submitted ? state : { ...state, submitted: true };
    case 'reset':
      return initialEditorState;
  }
}

export function shouldShowError(state: EditorState, key: string, field: WordField): boolean {
  return state.submitted || state.touched[fieldKey(key, field)] === true;
}

// --- Definitions list ---------------------------------------------------------------------

const sameText = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** Appends `definition` to the comma-separated list unless it is already there. */
export function addDefinition(list: string, definition: string): string {
  const definitions = splitDefinitions(list);
  const added = normalizeSpaces(definition);
  if (added === '' || definitions.some((existing) => sameText(existing, added))) return list;
  return joinDefinitions([...definitions, added]);
}

/** Removes the definition at `index` of the split list. */
export function removeDefinition(list: string, index: number): string {
  return joinDefinitions(splitDefinitions(list).filter((_, position) => position !== index));
}

/** Ends the list with a separator, ready for the next definition to be typed. */
export function startNextDefinition(list: string): string {
  if (list.trim() === '' || /,\s*$/.test(list)) return list;
  return `${list.trimEnd()}${DEFINITION_SEPARATOR}`;
}

// --- Enter moves on --------------------------------------------------------------------------

/** Where Enter in a term puts the caret in the definitions: at the end of the first one. */
export function firstDefinitionEnd(list: string): number {
  const comma = list.indexOf(',');
  return comma < 0 ? list.trimEnd().length : list.slice(0, comma).trimEnd().length;
}

/**
 * What Enter does in the definitions list: it moves on to the next word, leaving no separator
 * behind. Typing "term ⏎ definition ⏎ term ⏎ …" the obvious way makes one word per line; more
 * definitions are typed with commas, or with Shift+Enter (`anotherDefinition`).
 */
export function enterInDefinitions(list: string): { value: string; next: true } {
  return { value: list.replace(/\s*,\s*$/, ''), next: true };
}

/**
 * What Shift+Enter does in the definitions list with the caret at `caret`: in a definition
 * before the last, the caret moves to the end of the next one; in the last one, a new
 * definition is started if the word may have more (the caret stays otherwise).
 */
export function anotherDefinition(list: string, caret: number): { value: string; caret: number } {
  const comma = list.indexOf(',', caret);
  if (comma >= 0) {
    const rest = list.slice(comma + 1);
    const nextComma = rest.indexOf(',');
    const segment = nextComma < 0 ? rest : rest.slice(0, nextComma);
    return { value: list, caret: comma + 1 + segment.trimEnd().length };
  }
  const last = list.slice(list.lastIndexOf(',') + 1).trim();
  if (last !== '' && splitDefinitions(list).length < MAX_DEFINITIONS) {
    const value = startNextDefinition(list);
    return { value, caret: value.length };
  }
  return { value: list, caret };
}

// --- Counting ----------------------------------------------------------------------------------

/**
 * The words the dictionary will have once saved, as the word limit counts them (SPEC §5): the
 * saved ones, less those marked for deletion, plus every new row (even one still being typed:
 * it takes a place under the limit). `added` is how many of them are new rows.
 */
export function editorCount(savedCount: number, state: EditorState): { count: number; added: number } {
  const added = state.drafts.length;
  return { count: savedCount - Object.keys(state.deleted).length + added, added };
}

// --- Validation ----------------------------------------------------------------------------

export interface WordErrors {
  term?: string;
  definitions?: string;
  examples?: string;
}

export const hasErrors = (errors: WordErrors) =>
  Boolean(errors.term || errors.definitions || errors.examples);

/**
 * A word's problems, with the shared rules the server applies (SPEC §5): the term's
 * characters and length; at least one definition, each valid (never a comma: it separates
 * them), none twice. Messages are encoded i18n keys.
 */
export function validateWord(values: WordValues): WordErrors {
  const errors: WordErrors = {};
  const term = termSchema.safeParse(values.term);
  if (!term.success) errors.term = term.error.issues[0]?.message;
  const definitions = definitionsSchema.safeParse(splitDefinitions(values.definitions));
  if (!definitions.success) errors.definitions = definitions.error.issues[0]?.message;
  const examples = examplesSchema.safeParse(splitExamples(values.examples));
  if (!examples.success) errors.examples = examples.error.issues[0]?.message;
  return errors;
}

export const isBlank = (values: WordValues) =>
  values.term.trim() === '' && values.definitions.trim() === '' && values.examples.trim() === '';

/** Whether the values differ from the saved word (what a save would send for it). */
export const isChanged = (word: Word, values: WordValues) => wordUpdate(word, values) !== null;

/** The key terms are unique by on the server: spaces collapsed, case ignored. */

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

type WordUpdate = NonNullable<NonNullable<UpdateDictionaryBody['words']>['update']>[number];

/**
 * What a save would send for one existing word, or null when it is unchanged: the changed
 * fields, and the version they were made on, so that an edit made elsewhere in between is not
 * overwritten (the server answers 409 `WORD_CHANGED`, decision 0060).
 */
export function wordUpdate(word: Word, values: WordValues): WordUpdate | null {
  const term = normalizeSpaces(values.term);
  const definitions = splitDefinitions(values.definitions);
  const examples = splitExamples(values.examples);
  const update: WordUpdate = { id: word.id };
  if (term !== word.term) update.term = term;
  if (!sameList(definitions, word.definitions)) update.definitions = definitions;
  if (!sameList(examples, word.examples)) update.examples = examples;
  if (update.term === undefined && update.definitions === undefined && update.examples === undefined)
    return null;
  return { ...update, version: word.version };
}

export type WordsBatch = NonNullable<UpdateDictionaryBody['words']>;

/** The one PATCH batch for everything the user did; blank new rows are left out. */
export function buildBatch(state: EditorState, words: ReadonlyMap<string, Word>): WordsBatch {
  const create = state.drafts
    .filter((draft) => !isBlank(draft))
    .map((draft) => {
      const examples = splitExamples(draft.examples);
      return {
        term: normalizeSpaces(draft.term),
        definitions: splitDefinitions(draft.definitions),
        ...(examples.length > 0 ? { examples } : {}),
      };
    });
  // In the order the words are shown (oldest first), whatever the order they were typed in;
  // with the words edited on a page no longer shown.
  const all = new Map<string, Word>(Object.entries(state.originals));
  for (const word of words.values()) all.set(word.id, word);
  const byCreation = [...all.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const update = byCreation.flatMap((word) => {
    const values = state.edits[word.id];
    if (!values || state.deleted[word.id]) return [];
    const change = wordUpdate(word, values);
    return change ? [change] : [];
  });
  const remove = Object.keys(state.deleted);
  return {
    ...(create.length > 0 ? { create } : {}),
    ...(update.length > 0 ? { update } : {}),
    ...(remove.length > 0 ? { delete: remove } : {}),
  };
}

export const isEmptyBatch = (batch: WordsBatch) => !batch.create && !batch.update && !batch.delete;

/** A row of the editor: an existing word (maybe changed or deleted) or a new one. */
export interface EditorRow {
  key: string;
  word?: Word;
  values: WordValues;
  deleted: boolean;
  /** New, or changed from what is saved: only these are validated and sent. */
  pending: boolean;
}

/**
 * Every problem that would make the save fail, by row key: the shared rules for each pending
 * row, and terms used twice among the words on screen (the server checks the rest: 409).
 */
export function findErrors(rows: readonly EditorRow[]): Map<string, WordErrors> {
  const errors = new Map<string, WordErrors>();
  const byTerm = new Map<string, EditorRow[]>();
  for (const row of rows) {
    if (row.deleted || (row.word === undefined && isBlank(row.values))) continue;
    if (row.pending) {
      const rowErrors = validateWord(row.values);
      if (hasErrors(rowErrors)) errors.set(row.key, rowErrors);
    }
    const key = termKey(row.values.term);
    if (key !== '') byTerm.set(key, [...(byTerm.get(key) ?? []), row]);
  }
  for (const group of byTerm.values()) {
    if (group.length < 2) continue;
    for (const row of group) {
      const rowErrors = errors.get(row.key) ?? {};
      if (row.pending && !rowErrors.term) {
        errors.set(row.key, { ...rowErrors, term: duplicateTermMessage(normalizeSpaces(row.values.term)) });
      }
    }
  }
  return errors;
}

/** The DUPLICATE_TERM message of the shared catalog, encoded like the validation messages. */
export const duplicateTermMessage = (term: string) => encodeMessage('apiErrors.DUPLICATE_TERM', { term });

/** The suggestions worth offering: valid as a definition and not in the list already. */
export function freshSuggestions(suggestions: readonly string[], values: WordValues): string[] {
  const present = splitDefinitions(values.definitions);
  return suggestions.filter(
    (suggestion) =>
      definitionSchema.safeParse(suggestion).success &&
      !present.some((definition) => sameText(definition, normalizeSpaces(suggestion))),
  );
}
