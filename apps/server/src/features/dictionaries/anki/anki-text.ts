import { MAX_EXAMPLES, normalizeSpaces, splitDefinitions } from '@wordhoard/shared';

/**
 * Anki fields are HTML (docs/decisions/0061-anki-import-export.md). These pure functions turn a
 * field into the plain text a word holds: tags dropped, entities decoded, line breaks and block
 * tags as separations, `[sound:…]` and `<img>` taken out (their file names kept for media), and
 * cloze deletions (`{{c1::answer::hint}}`) read out.
 */

/** The named entities Anki's editor writes, and the common typographic ones. */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  shy: '',
  zwnj: '\u200C',
  zwj: '\u200D',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  middot: '·',
  bull: '•',
  deg: '°',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  times: '×',
  divide: '÷',
  plusmn: '±',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  iexcl: '¡',
  iquest: '¿',
};

/** Decodes `&name;`, `&#123;` and `&#x1F600;`; an unknown name stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return '';
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** Media a field refers to: `<img src="…">` pictures and `[sound:…]` sounds, by file name. */
export interface FieldMedia {
  pictures: string[];
  sounds: string[];
}

const SOUND = /\[sound:([^\]]+)\]/gi;
const IMG = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/gi;
/** Tags after which the text goes on in a new block (a line of its own). */
const BLOCK = /<\/?(?:br|div|p|li|ul|ol|tr|table|h[1-6]|hr|blockquote|pre|section|article|dd|dt)\b[^>]*>/gi;

/** The pictures and sounds a field refers to, in order, each once. */
export function fieldMedia(html: string): FieldMedia {
  const pictures = new Set<string>();
  const sounds = new Set<string>();
  for (const match of html.matchAll(IMG)) {
    const src = decodeEntities(match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (src !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(src)) pictures.add(src);
  }
  for (const match of html.matchAll(SOUND)) {
    const name = decodeEntities(match[1] ?? '').trim();
    if (name !== '') sounds.add(name);
  }
  return { pictures: [...pictures], sounds: [...sounds] };
}

/**
 * A field as lines of plain text: `<br>` and block tags separate lines, other tags go,
 * entities are decoded, media references are removed, spaces are normalized and empty lines
 * dropped. Script and style contents are dropped whole.
 */
export function htmlToLines(html: string): string[] {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(SOUND, '')
    .replace(IMG, '')
    .replace(BLOCK, '\n')
    .replace(/<\/?[a-z][^>]*>/gi, '');
  return decodeEntities(text)
    .split(/\r\n|\n|\r/)
    .map(normalizeSpaces)
    .filter((line) => line !== '');
}

/** A field as one line of text (a term): its lines joined by spaces. */
export const htmlToText = (html: string): string => htmlToLines(html).join(' ');

/** One cloze deletion: `{{c<number>::<answer>(::<hint>)}}`, answer and hint as plain text. */
export interface Cloze {
  number: number;
  answer: string;
  hint: string | null;
}

const CLOZE = /\{\{c(\d+)::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

/** Whether a field holds cloze deletions. */
export const hasCloze = (html: string): boolean => /\{\{c\d+::[\s\S]*?\}\}/.test(html);

/**
 * The cloze deletions of a field in order. Image occlusion's shapes
 * (`{{c1::image-occlusion:rect:…}}`) are masks, not text, and are left out.
 */
export function clozes(html: string): Cloze[] {
  const found: Cloze[] = [];
  for (const match of html.matchAll(CLOZE)) {
    const answer = htmlToText(match[2] ?? '');
    if (answer === '' || answer.startsWith('image-occlusion:')) continue;
    const hint = match[3] === undefined ? null : htmlToText(match[3]);
    found.push({ number: Number(match[1]), answer, hint: hint === '' ? null : hint });
  }
  return found;
}

/** The field with every cloze shown as its answer (what the card's back shows), as lines. */
export function revealClozes(html: string): string[] {
  const revealed = html.replace(CLOZE, (_whole, _number: string, answer: string) =>
    answer.trimStart().startsWith('image-occlusion:') ? '' : answer,
  );
  return htmlToLines(revealed);
}

/** What a field is for, from its name in the note type. */
export type FieldRole = 'text' | 'examples' | 'media';

export function fieldRole(name: string): FieldRole {
  const key = name.trim().toLowerCase();
  if (/^(examples?|example sentences?|sentences?|usage)$/.test(key)) return 'examples';
  if (/^(pictures?|images?|photos?|audio|sounds?|pronunciations?)$/.test(key)) return 'media';
  return 'text';
}

/** A note read as a word, before the word rules judge it. */
export interface NoteWord {
  term: string;
  definitions: string[];
  examples: string[];
  pictures: string[];
  sounds: string[];
}

/**
 * A note as a word (docs/decisions/0061-anki-import-export.md):
 * - the first field is the term; the other non-empty fields are definitions, one per line of
 *   text (and per comma, as in every other import), except fields named as examples, which
 *   give examples, and picture/audio fields, which only give media;
 * - a field with cloze deletions gives examples (the sentence with the answers shown); when the
 *   first field is such a field, the term is its first cloze's answer and that cloze's hint, if
 *   any, comes first among the definitions;
 * - at most MAX_EXAMPLES examples are kept (the first ones), duplicates once.
 */
export function noteToWord(fields: readonly string[], names: readonly string[] = []): NoteWord {
  const media: FieldMedia = { pictures: [], sounds: [] };
  const definitions: string[] = [];
  const examples: string[] = [];
  let term = '';
  fields.forEach((field, index) => {
    const found = fieldMedia(field);
    media.pictures.push(...found.pictures.filter((name) => !media.pictures.includes(name)));
    media.sounds.push(...found.sounds.filter((name) => !media.sounds.includes(name)));
    const role = fieldRole(names[index] ?? '');
    if (role === 'media') return;
    if (hasCloze(field)) {
      const [first] = clozes(field);
      if (index === 0) {
        term = first?.answer ?? '';
        if (first?.hint) definitions.push(...splitDefinitions(first.hint));
      }
      examples.push(...revealClozes(field));
      return;
    }
    if (index === 0) {
      term = htmlToText(field);
      return;
    }
    if (role === 'examples') examples.push(...htmlToLines(field));
    else definitions.push(...htmlToLines(field).flatMap(splitDefinitions));
  });
  return {
    term,
    definitions: unique(definitions),
    examples: unique(examples).slice(0, MAX_EXAMPLES),
    ...media,
  };
}

function unique(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLocaleLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Text as an Anki field: HTML-escaped, lines joined with `<br>`. */
export function textToField(lines: readonly string[]): string {
  return lines
    .map((line) => line.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'))
    .join('<br>');
}
