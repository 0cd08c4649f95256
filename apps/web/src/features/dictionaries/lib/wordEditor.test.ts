import type { Word } from '@wordhoard/shared';
import { describe, expect, it } from 'vitest';
import {
  addDefinition,
  buildBatch,
  editorCount,
  editorReducer,
  anotherDefinition,
  enterInDefinitions,
  firstDefinitionEnd,
  findErrors,
  freshSuggestions,
  initialEditorState,
  isEmptyBatch,
  removeDefinition,
  splitExamples,
  startNextDefinition,
  validateWord,
  wordUpdate,
  type EditorAction,
  type EditorRow,
} from './wordEditor';

const word = (id: string, term: string, definitions: string[]): Word => ({
  id,
  term,
  definitions,
  examples: [],
  version: 3,
  suspended: false,
  picture: null,
  audio: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const run = (...actions: EditorAction[]) => actions.reduce(editorReducer, initialEditorState);

describe('the definitions list', () => {
  it('adds a definition once, ignoring case, and removes one by position', () => {
    expect(addDefinition('Katze,  Kater', ' Mieze ')).toBe('Katze, Kater, Mieze');
    expect(addDefinition('Katze, Kater', 'katze')).toBe('Katze, Kater');
    expect(addDefinition('', 'Katze')).toBe('Katze');
    expect(removeDefinition('Katze, , Kater, Mieze', 1)).toBe('Katze, Mieze');
  });

  it('ends the list with a separator for the next definition', () => {
    expect(startNextDefinition('Katze')).toBe('Katze, ');
    expect(startNextDefinition('Katze, ')).toBe('Katze, ');
    expect(startNextDefinition('')).toBe('');
  });

  it('offers only suggestions that are valid and not in the list yet', () => {
    expect(
      freshSuggestions(['Katze', 'Kater', 'cat, kitty', ''], {
        term: 'cat',
        definitions: 'katze',
        examples: '',
      }),
    ).toEqual(['Kater']);
  });
});

describe('validateWord', () => {
  it('applies the shared term and definitions rules', () => {
    expect(validateWord({ term: 'cat', definitions: 'Katze, Kater', examples: '' })).toEqual({});
    expect(validateWord({ term: '  ', definitions: ' , ', examples: ' \n ' })).toEqual({
      term: 'validation.required',
      definitions: 'validation.definitionsRequired',
    });
    expect(validateWord({ term: 'c<t', definitions: 'Katze, KATZE', examples: '' })).toEqual({
      term: 'validation.forbiddenCharacter|{"character":"<"}',
      definitions: 'validation.duplicateDefinition',
    });
    expect(validateWord({ term: 'x'.repeat(64), definitions: 'y'.repeat(64), examples: '' })).toEqual({
      term: 'validation.maxLength|{"length":63}',
      definitions: 'validation.maxLength|{"length":63}',
    });
  });
});

describe('example sentences', () => {
  it('are one per line, and follow the shared rules: at most five, each of long text, none twice', () => {
    const values = { term: 'cat', definitions: 'Katze' };
    expect(splitExamples(' The  cat sleeps. \n\n\r\nCats, hats.\n')).toEqual([
      'The cat sleeps.',
      'Cats, hats.',
    ]);
    expect(validateWord({ ...values, examples: 'One.\nTwo.' })).toEqual({});
    expect(validateWord({ ...values, examples: 'a\nb\nc\nd\ne\nf' })).toEqual({
      examples: 'validation.tooManyExamples|{"count":5}',
    });
    expect(validateWord({ ...values, examples: 'x'.repeat(256) })).toEqual({
      examples: 'validation.maxLength|{"length":255}',
    });
    expect(validateWord({ ...values, examples: 'Purr.\nPURR.' })).toEqual({
      examples: 'validation.duplicateExample',
    });
  });

  it('are sent with a new word when it has some, and changed ones with the version they were made on', () => {
    const cat = { ...word('a', 'cat', ['Katze']), examples: ['Old.'] };
    const state = run(
      { type: 'change', key: 'a', word: cat, field: 'examples', value: 'Old.\nNew one.' },
      { type: 'add' },
      { type: 'change', key: 'new-1', field: 'term', value: 'dog' },
      { type: 'change', key: 'new-1', field: 'definitions', value: 'Hund' },
      { type: 'change', key: 'new-1', field: 'examples', value: 'A dog.' },
      { type: 'add' },
      { type: 'change', key: 'new-2', field: 'term', value: 'owl' },
      { type: 'change', key: 'new-2', field: 'definitions', value: 'Eule' },
    );
    expect(buildBatch(state, new Map([['a', cat]]))).toEqual({
      create: [
        { term: 'dog', definitions: ['Hund'], examples: ['A dog.'] },
        { term: 'owl', definitions: ['Eule'] },
      ],
      update: [{ id: 'a', examples: ['Old.', 'New one.'], version: 3 }],
    });
    // Typed back to what is saved (blank lines aside): nothing to send.
    expect(wordUpdate(cat, { term: 'cat', definitions: 'Katze', examples: '\n Old. \n' })).toBeNull();
  });
});

describe('findErrors', () => {
  const saved = word('a', 'cat', ['Katze']);
  const row = (
    key: string,
    term: string,
    definitions: string,
    extra: Partial<EditorRow> = {},
  ): EditorRow => ({
    key,
    values: { term, definitions, examples: '' },
    deleted: false,
    pending: true,
    ...extra,
  });

  it('flags new or changed words whose term is used twice (ignoring case and spaces)', () => {
    const errors = findErrors([
      row('a', 'cat', 'Katze', { word: saved, pending: false }),
      row('new-1', ' CAT ', 'Kater'),
      row('new-2', 'dog', 'Hund'),
    ]);
    expect([...errors.keys()]).toEqual(['new-1']);
    expect(errors.get('new-1')?.term).toBe('apiErrors.DUPLICATE_TERM|{"term":"CAT"}');
  });

  it('ignores blank new rows and deleted words', () => {
    const errors = findErrors([
      row('a', 'cat', 'Katze', { word: saved, pending: false, deleted: true }),
      row('new-1', 'cat', 'Kater'),
      row('new-2', '', ''),
    ]);
    expect(errors.size).toBe(0);
  });
});

describe('Enter in the definitions', () => {
  it('goes from the term to the end of the first definition', () => {
    expect(firstDefinitionEnd('Katze , Kater')).toBe(5);
    expect(firstDefinitionEnd('Katze ')).toBe(5);
    expect(firstDefinitionEnd('')).toBe(0);
  });

  it('moves on to the next word with Enter; Shift+Enter goes to another definition', () => {
    // Enter moves on to the next word from anywhere in the list, dropping a trailing separator.
    expect(enterInDefinitions('Katze, Kater, Mieze')).toEqual({ value: 'Katze, Kater, Mieze', next: true });
    expect(enterInDefinitions('Katze, Kater, ')).toEqual({ value: 'Katze, Kater', next: true });
    expect(enterInDefinitions('')).toEqual({ value: '', next: true });
    // Shift+Enter goes to the next definition, or starts one after the last while there is room.
    expect(anotherDefinition('Katze, Kater, Mieze', 2)).toEqual({ value: 'Katze, Kater, Mieze', caret: 12 });
    expect(anotherDefinition('Katze, Kater', 12)).toEqual({ value: 'Katze, Kater, ', caret: 14 });
    expect(anotherDefinition('Katze, Kater, ', 14)).toEqual({ value: 'Katze, Kater, ', caret: 14 });
    const ten = Array.from({ length: 10 }, (_, index) => `d${index}`).join(', ');
    expect(anotherDefinition(ten, ten.length)).toEqual({ value: ten, caret: ten.length });
  });
});

describe('editorCount', () => {
  it('counts new rows, even blank ones, and leaves out deleted words', () => {
    const state = run({ type: 'add' }, { type: 'add' }, { type: 'remove', key: 'a', existing: true });
    expect(editorCount(10, state)).toEqual({ count: 11, added: 2 });
  });
});

describe('buildBatch', () => {
  const cat = word('a', 'cat', ['Katze']);
  const dog = word('b', 'dog', ['Hund']);
  const words = new Map([
    ['a', cat],
    ['b', dog],
  ]);

  it('puts creates, changed fields of updates and deletes in one batch', () => {
    const state = run(
      { type: 'change', key: 'a', word: cat, field: 'definitions', value: 'Katze,Kater' },
      { type: 'change', key: 'b', word: dog, field: 'term', value: 'hound' },
      { type: 'remove', key: 'b', existing: true },
      { type: 'add' },
      { type: 'change', key: 'new-1', field: 'term', value: '  big   owl ' },
      { type: 'change', key: 'new-1', field: 'definitions', value: 'Uhu, ' },
      { type: 'add' },
    );
    expect(buildBatch(state, words)).toEqual({
      create: [{ term: 'big owl', definitions: ['Uhu'] }],
      update: [{ id: 'a', definitions: ['Katze', 'Kater'], version: 3 }],
      delete: ['b'],
    });
  });

  it('is empty when everything was typed back to what is saved', () => {
    const state = run(
      { type: 'change', key: 'a', word: cat, field: 'term', value: 'cats' },
      { type: 'change', key: 'a', word: cat, field: 'term', value: 'cat ' },
      { type: 'remove', key: 'b', existing: true },
      { type: 'restore', id: 'b' },
      { type: 'add' },
      { type: 'remove', key: 'new-1', existing: false },
    );
    expect(isEmptyBatch(buildBatch(state, words))).toBe(true);
  });
});
