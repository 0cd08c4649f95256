import { describe, expect, it } from 'vitest';
import { clozeOf, firstCloze } from './cloze';

describe('clozeOf', () => {
  it('blanks the term where it starts a word, ignoring case and accents', () => {
    expect(clozeOf('The Cat sleeps.', 'cat')).toEqual({ before: 'The ', after: ' sleeps.' });
    expect(clozeOf('Il était une fois un café.', 'cafe')).toEqual({
      before: 'Il était une fois un ',
      after: '.',
    });
    expect(clozeOf('Ein Café, bitte.', 'café')).toEqual({ before: 'Ein ', after: ', bitte.' });
    // ß folds to ss as in word search, and the blank covers the original letters.
    expect(clozeOf('Die STRASSE ist lang.', 'Straße')).toEqual({ before: 'Die ', after: ' ist lang.' });
    expect(clozeOf('Die Straße ist lang.', 'strasse')).toEqual({ before: 'Die ', after: ' ist lang.' });
  });

  it('keeps an inflected ending visible and skips places inside another word', () => {
    expect(clozeOf('She runs every day.', 'run')).toEqual({ before: 'She ', after: 's every day.' });
    expect(clozeOf('Never concatenate; a cat purrs.', 'cat')).toEqual({
      before: 'Never concatenate; a ',
      after: ' purrs.',
    });
    expect(clozeOf('Never concatenate strings.', 'cat')).toBeNull();
  });

  it('finds multi-word terms, typed with any spaces, and terms at the start', () => {
    expect(clozeOf('Give up   now.', 'give up')).toEqual({ before: '', after: '   now.' });
    expect(clozeOf('Give up now.', 'give  up')).toEqual({ before: '', after: ' now.' });
  });

  it('needs no word start in scripts written without spaces', () => {
    expect(clozeOf('私は猫が好きです。', '猫')).toEqual({ before: '私は', after: 'が好きです。' });
    expect(clozeOf('ネコがいる', 'ねこ')).toEqual({ before: '', after: 'がいる' });
  });

  it('is null without the term', () => {
    expect(clozeOf('A dog barks.', 'cat')).toBeNull();
    expect(clozeOf('Anything.', '  ')).toBeNull();
  });
});

describe('firstCloze', () => {
  it('takes the first sentence that holds the term', () => {
    expect(firstCloze(['No term here.', 'A cat!', 'Cat two.'], 'cat')).toEqual({ before: 'A ', after: '!' });
    expect(firstCloze(['No term here.'], 'cat')).toBeNull();
    expect(firstCloze([], 'cat')).toBeNull();
  });
});
