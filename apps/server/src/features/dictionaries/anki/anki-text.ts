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

/**
 * Longest field read, in characters: a term or a definition is at most a few hundred, and a
 * note's HTML rarely more than a few thousand. The rest of a longer field is not read.
 */
export const MAX_FIELD_CHARS = 65_536;

/** Media a field refers to: `<img src="…">` pictures and `[sound:…]` sounds, by file name. */
export interface FieldMedia {
  pictures: string[];
  sounds: string[];
}

/** Tags after which the text goes on in a new block (a line of its own). */
const BLOCK_TAGS = new Set([
  'br',
  'div',
  'p',
  'li',
  'ul',
  'ol',
  'tr',
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'blockquote',
  'pre',
  'section',
  'article',
  'dd',
  'dt',
]);
/** Tags whose content is not text. */
const RAW_TEXT_TAGS = new Set(['script', 'style']);

/** A piece of a field: text as written, or a tag (its lower-case name and its attributes' source). */
type HtmlToken = { text: string } | { tag: string; closing: boolean; attributes: string };

const isAsciiLetter = (code: number) => (code | 32) >= 97 && (code | 32) <= 122;
const isNameCode = (code: number) =>
  isAsciiLetter(code) || (code >= 48 && code <= 57) || code === 45 || code === 58 || code === 95;

/**
 * The text and tags of a field, in one pass that never looks at a character twice
 * (docs/decisions/0077-anki-packages-off-the-request-thread.md): regular expressions over
 * unclosed tags, comments or `[sound:` went quadratic, and one 400,000-character field froze
 * the server for half a minute. As in a browser, a comment, tag or script left open runs to
 * the end of the field and is dropped; a `<` that starts no tag is text.
 */
function htmlTokens(html: string): HtmlToken[] {
  const found: HtmlToken[] = [];
  const length = html.length;
  let textStart = 0;
  const text = (end: number) => {
    if (end > textStart) found.push({ text: html.slice(textStart, end) });
  };
  let at = 0;
  while (at < length) {
    const open = html.indexOf('<', at);
    if (open === -1) break;
    if (html.startsWith('<!--', open)) {
      text(open);
      const close = html.indexOf('-->', open + 4);
      at = textStart = close === -1 ? length : close + 3;
      continue;
    }
    let cursor = open + 1;
    const closing = html.charCodeAt(cursor) === 47; // '/'
    if (closing) cursor += 1;
    if (!isAsciiLetter(html.charCodeAt(cursor))) {
      at = open + 1;
      continue;
    }
    const nameStart = cursor;
    while (cursor < length && isNameCode(html.charCodeAt(cursor))) cursor += 1;
    const tag = html.slice(nameStart, cursor).toLowerCase();
    const end = tagEnd(html, cursor);
    text(open);
    if (end === -1) {
      at = textStart = length;
      break;
    }
    found.push({ tag, closing, attributes: html.slice(cursor, end) });
    at = textStart = end + 1;
    if (!closing && RAW_TEXT_TAGS.has(tag)) {
      const rawEnd = closingTag(html, tag, at);
      const close = rawEnd === -1 ? -1 : html.indexOf('>', rawEnd);
      at = textStart = close === -1 ? length : close + 1;
    }
  }
  text(length);
  return found;
}

/** Where the tag whose name ends at `from` closes (its `>`, outside quoted values); -1 if it never does. */
function tagEnd(html: string, from: number): number {
  let afterEquals = false;
  for (let cursor = from; cursor < html.length; cursor += 1) {
    const code = html.charCodeAt(cursor);
    if (code === 62) return cursor; // '>'
    if ((code === 34 || code === 39) && afterEquals) {
      const close = html.indexOf(html[cursor] as string, cursor + 1);
      if (close === -1) return -1;
      cursor = close;
      afterEquals = false;
    } else if (code === 61)
      afterEquals = true; // '='
    else if (code !== 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) afterEquals = false;
  }
  return -1;
}

/** Where `</tag` starts at or after `from` (any case); -1 if nowhere. */
function closingTag(html: string, tag: string, from: number): number {
  for (let cursor = html.indexOf('</', from); cursor !== -1; cursor = html.indexOf('</', cursor + 2)) {
    const after = cursor + 2 + tag.length;
    if (html.slice(cursor + 2, after).toLowerCase() === tag && !isNameCode(html.charCodeAt(after)))
      return cursor;
  }
  return -1;
}

/** An attribute's value from a tag's attribute source (`src="a.jpg" alt=''`), entities not yet decoded. */
function attribute(attributes: string, wanted: string): string | undefined {
  const length = attributes.length;
  let cursor = 0;
  while (cursor < length) {
    while (cursor < length && !isNameCode(attributes.charCodeAt(cursor))) cursor += 1;
    const nameStart = cursor;
    while (cursor < length && isNameCode(attributes.charCodeAt(cursor))) cursor += 1;
    const name = attributes.slice(nameStart, cursor).toLowerCase();
    while (cursor < length && /\s/.test(attributes[cursor] as string)) cursor += 1;
    if (attributes[cursor] !== '=') continue;
    cursor += 1;
    while (cursor < length && /\s/.test(attributes[cursor] as string)) cursor += 1;
    let value: string;
    const quote = attributes[cursor];
    if (quote === '"' || quote === "'") {
      const close = attributes.indexOf(quote, cursor + 1);
      const end = close === -1 ? length : close;
      value = attributes.slice(cursor + 1, end);
      cursor = end + 1;
    } else {
      const start = cursor;
      while (cursor < length && !/[\s>]/.test(attributes[cursor] as string)) cursor += 1;
      value = attributes.slice(start, cursor);
    }
    if (name === wanted) return value;
  }
  return undefined;
}

/**
 * Text with its `[sound:…]` references taken out, and their names. Each reference is found from
 * where the last one ended, so a field of unclosed `[sound:` is read once, not once per opening.
 */
function takeSounds(text: string): { text: string; sounds: string[] } {
  const sounds: string[] = [];
  let kept = '';
  let from = 0;
  for (let start = text.indexOf('['); start !== -1; start = text.indexOf('[', start + 1)) {
    if (start < from || text.slice(start + 1, start + 7).toLowerCase() !== 'sound:') continue;
    const close = text.indexOf(']', start + 7);
    // No `]` after this opening means none after any later one either.
    if (close === -1) break;
    if (close === start + 7) continue;
    kept += text.slice(from, start);
    sounds.push(text.slice(start + 7, close));
    from = close + 1;
  }
  return { text: kept + text.slice(from), sounds };
}

/** A field read once: its text, the lines it breaks into, and the media it refers to. */
function readField(html: string): { lines: string[]; media: FieldMedia } {
  const pictures = new Set<string>();
  const sounds = new Set<string>();
  let text = '';
  for (const token of htmlTokens(html.length > MAX_FIELD_CHARS ? html.slice(0, MAX_FIELD_CHARS) : html)) {
    if ('text' in token) {
      const taken = takeSounds(token.text);
      for (const name of taken.sounds) {
        const decoded = decodeEntities(name).trim();
        if (decoded !== '') sounds.add(decoded);
      }
      text += taken.text;
    } else if (token.tag === 'img' && !token.closing) {
      const src = decodeEntities(attribute(token.attributes, 'src') ?? '').trim();
      if (src !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(src)) pictures.add(src);
    } else if (BLOCK_TAGS.has(token.tag)) text += '\n';
  }
  const lines = decodeEntities(text)
    .split(/\r\n|\n|\r/)
    .map(normalizeSpaces)
    .filter((line) => line !== '');
  return { lines, media: { pictures: [...pictures], sounds: [...sounds] } };
}

/** The pictures and sounds a field refers to, in order, each once. */
export const fieldMedia = (html: string): FieldMedia => readField(html).media;

/**
 * A field as lines of plain text: `<br>` and block tags separate lines, other tags go,
 * entities are decoded, media references are removed, spaces are normalized and empty lines
 * dropped. Script and style contents are dropped whole.
 */
export const htmlToLines = (html: string): string[] => readField(html).lines;

/** A field as one line of text (a term): its lines joined by spaces. */
export const htmlToText = (html: string): string => htmlToLines(html).join(' ');

/** One cloze deletion: `{{c<number>::<answer>(::<hint>)}}`, answer and hint as plain text. */
export interface Cloze {
  number: number;
  answer: string;
  hint: string | null;
}

/** A cloze as written: where it starts and ends in the field, its number, answer and hint source. */
interface ClozeSource {
  start: number;
  end: number;
  number: number;
  answer: string;
  hint: string | undefined;
}

/**
 * The cloze deletions of a field as written, in one pass: `{{c<n>::` opens one, the first `}}`
 * after it closes it, and the first `::` between them separates the hint.
 */
function clozeSources(html: string): ClozeSource[] {
  const found: ClozeSource[] = [];
  let at = 0;
  for (let open = html.indexOf('{{c', at); open !== -1; open = html.indexOf('{{c', at)) {
    let cursor = open + 3;
    while (cursor < html.length && html.charCodeAt(cursor) >= 48 && html.charCodeAt(cursor) <= 57)
      cursor += 1;
    if (cursor === open + 3 || !html.startsWith('::', cursor)) {
      at = open + 2;
      continue;
    }
    const body = cursor + 2;
    const close = html.indexOf('}}', body);
    if (close === -1) break;
    const separator = html.indexOf('::', body);
    const hasHint = separator !== -1 && separator < close;
    found.push({
      start: open,
      end: close + 2,
      number: Number(html.slice(open + 3, cursor)),
      answer: html.slice(body, hasHint ? separator : close),
      hint: hasHint ? html.slice(separator + 2, close) : undefined,
    });
    at = close + 2;
  }
  return found;
}

/** Whether a field holds cloze deletions. */
export const hasCloze = (html: string): boolean => clozeSources(html).length > 0;

/**
 * The cloze deletions of a field in order. Image occlusion's shapes
 * (`{{c1::image-occlusion:rect:…}}`) are masks, not text, and are left out.
 */
export function clozes(html: string): Cloze[] {
  const found: Cloze[] = [];
  for (const source of clozeSources(html)) {
    const answer = htmlToText(source.answer);
    if (answer === '' || answer.startsWith('image-occlusion:')) continue;
    const hint = source.hint === undefined ? null : htmlToText(source.hint);
    found.push({ number: source.number, answer, hint: hint === '' ? null : hint });
  }
  return found;
}

/** The field with every cloze shown as its answer (what the card's back shows), as lines. */
export function revealClozes(html: string): string[] {
  let revealed = '';
  let from = 0;
  for (const source of clozeSources(html)) {
    revealed += html.slice(from, source.start);
    if (!source.answer.trimStart().startsWith('image-occlusion:')) revealed += source.answer;
    from = source.end;
  }
  return htmlToLines(revealed + html.slice(from));
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
  fields.forEach((whole, index) => {
    const field = whole.length > MAX_FIELD_CHARS ? whole.slice(0, MAX_FIELD_CHARS) : whole;
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
