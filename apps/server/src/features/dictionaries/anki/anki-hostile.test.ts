import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  collectionWith,
  generatedColumnCollection,
  overlappingMediaPackage,
  packageOf,
  understatedEntryZip,
  unclosedTagsField,
} from '../../../../test/anki/hostile';
import { ANKI_READ_LIMITS, AnkiPackageTooComplexError, AnkiReader } from './anki-reader';
import { AnkiPackageError, readAnkiPackage } from './anki-package';
import { htmlToLines, MAX_FIELD_CHARS, noteToWord, revealClozes } from './anki-text';
import { readZipEntry, zipEntries, ZipError } from './zip';

// Packages an attacker would send (decision 0077). Each was accepted, and most froze or
// exhausted the server, before the reader checked them.

describe('hostile HTML in a field', () => {
  it('drops a tag, comment or script left open at the end of a field, as a browser does', () => {
    expect(htmlToLines('kept<a<a<a<a')).toEqual(['kept']);
    expect(htmlToLines('kept<!-- never closed <b>x</b>')).toEqual(['kept']);
    expect(htmlToLines('kept<script>while(1){}')).toEqual(['kept']);
    expect(htmlToLines('kept<img src="x.jpg')).toEqual(['kept']);
    // A `<` that starts no tag is text, and a quoted `>` does not end a tag.
    expect(htmlToLines('1 < 2 <b title="a>b">bold</b>')).toEqual(['1 < 2 bold']);
    expect(htmlToLines('[sound:a.mp3 never closed')).toEqual(['[sound:a.mp3 never closed']);
    // A cloze left open is not one; the first `::` in a cloze starts its hint, as Anki reads it.
    expect(revealClozes('{{c1::open')).toEqual(['{{c1::open']);
    expect(revealClozes('{{c1::open {{c2::x}}')).toEqual(['open {{c2']);
  });

  it('reads at most MAX_FIELD_CHARS of a field', () => {
    const word = noteToWord(['term', `${'x'.repeat(MAX_FIELD_CHARS)}<br>after the cap`]);
    expect(word.definitions).toEqual(['x'.repeat(MAX_FIELD_CHARS)]);
  });

  it('reads a 400,000-character field of unclosed tags as nothing', async () => {
    const read = await readAnkiPackage(packageOf(await collectionWith([unclosedTagsField()])));
    expect(read.notes).toEqual([
      expect.objectContaining({ term: 'term', definitions: [], examples: [], pictures: [], sounds: [] }),
    ]);
  });
});

describe('hostile collections', () => {
  it('refuses a collection with a generated column before reading a row', async () => {
    await expect(readAnkiPackage(packageOf(await generatedColumnCollection()))).rejects.toThrow(
      'the collection has generated columns',
    );
  });

  it('refuses triggers, views and virtual tables anywhere in the schema', async () => {
    const schemas = {
      trigger: 'CREATE TABLE other (x); CREATE TRIGGER t AFTER INSERT ON other BEGIN SELECT 1; END;',
      view: 'CREATE VIEW v AS SELECT 1;',
      'virtual table': 'CREATE VIRTUAL TABLE fts USING fts4(body);',
    };
    for (const [kind, extra] of Object.entries(schemas)) {
      const collection = await collectionWith(['a\x1fb'], { extra });
      await expect(readAnkiPackage(packageOf(collection)), kind).rejects.toThrow(
        `the collection has a ${kind}`,
      );
    }
  });
});

describe('hostile zips', () => {
  it('refuses entries that share their data (a zip bomb) before inflating any', async () => {
    const bomb = await overlappingMediaPackage(200, 4 * 1024 * 1024);
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    expect(() => zipEntries(bomb, 1000)).toThrow(new ZipError('overlapping entries'));
    await expect(readAnkiPackage(bomb)).rejects.toThrow(AnkiPackageError);
  });

  it('caps the entry count', () => {
    const files = Object.fromEntries(Array.from({ length: 11 }, (_, index) => [`f${index}`, strToU8('x')]));
    expect(() => zipEntries(zipSync(files), 10)).toThrow('more than 10 entries');
    expect(zipEntries(zipSync(files), 11).size).toBe(11);
  });

  it('never inflates past the size an entry declares, nor past the limit asked', () => {
    const data = new Uint8Array(1024 * 1024);
    const liar = understatedEntryZip(data, 1000);
    const entry = zipEntries(liar, 10).get('collection.anki2');
    expect(entry).toMatchObject({ size: 1000 });
    expect(() => readZipEntry(liar, entry!, 10 * 1024 * 1024)).toThrow(ZipError);
    const honest = zipSync({ big: data });
    expect(() => readZipEntry(honest, zipEntries(honest, 10).get('big')!, 1024)).toThrow(
      'big is larger than 1024 bytes',
    );
    const read = readZipEntry(honest, zipEntries(honest, 10).get('big')!, data.byteLength);
    expect(Buffer.compare(read, data)).toBe(0);
  });
});

describe('AnkiReader', () => {
  it('reads a package in a worker thread', async () => {
    const reader = new AnkiReader();
    const read = await reader.read('account', packageOf(await collectionWith(['der Hund\x1fdog'])));
    expect(read.notes.map(({ term, definitions }) => ({ term, definitions }))).toEqual([
      { term: 'der Hund', definitions: ['dog'] },
    ]);
  });

  it('tells a refused package from one past the time budget', async () => {
    const reader = new AnkiReader({ ...ANKI_READ_LIMITS, timeoutMs: 1 });
    await expect(reader.read('account', packageOf(await collectionWith(['a\x1fb'])))).rejects.toBeInstanceOf(
      AnkiPackageTooComplexError,
    );
    const patient = new AnkiReader();
    await expect(patient.read('account', strToU8('not a zip'))).rejects.toBeInstanceOf(AnkiPackageError);
  });
});
