/** Case, spacing and Unicode form never decide whether an answer is right (DESIGN §5). */
export function normalizeAnswer(value: string): string {
  return value.normalize('NFC').replace(/\s+/gu, ' ').trim().toLocaleLowerCase();
}

/** "café" → "cafe", "źródło" → "zrodlo": the answer without its diacritics. */
export function stripAccents(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/ß/g, 'ss')
    .normalize('NFC');
}

/** Levenshtein distance over code points, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const left = Array.from(a);
  const right = Array.from(b);
  if (Math.abs(left.length - right.length) > max) return max + 1;
  let previous = Array.from({ length: right.length + 1 }, (_, i) => i);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= right.length; j += 1) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[right.length] ?? 0;
}

const letterCount = (value: string) => (value.match(/\p{L}/gu) ?? []).length;

/** Words this long forgive one wrong, missing or extra letter. */
export const TYPO_MIN_LETTERS = 5;

export type MatchKind = 'exact' | 'almost';

/**
 * How `answer` matches `expected`: exactly (after normalising), almost (only accents differ,
 * or one letter in a word of 5+ letters), or not at all. docs/decisions/0007-answer-matching.md.
 */
export function matchAnswer(answer: string, expected: string): MatchKind | null {
  const given = normalizeAnswer(answer);
  const wanted = normalizeAnswer(expected);
  if (given === '') return null;
  if (given === wanted) return 'exact';
  const givenPlain = stripAccents(given);
  const wantedPlain = stripAccents(wanted);
  if (givenPlain === wantedPlain) return 'almost';
  if (letterCount(wanted) >= TYPO_MIN_LETTERS && editDistance(givenPlain, wantedPlain, 1) <= 1)
    return 'almost';
  return null;
}

/**
 * The best match of `answer` among the definitions still to type: an exact one wins over an
 * almost one, so "tee" is not taken as a typo of "tea" when "tee" itself is expected.
 */
export function findMatch(
  answer: string,
  remaining: readonly string[],
): { definition: string; kind: MatchKind } | null {
  let almost: string | undefined;
  for (const definition of remaining) {
    const kind = matchAnswer(answer, definition);
    if (kind === 'exact') return { definition, kind };
    if (kind === 'almost') almost ??= definition;
  }
  return almost === undefined ? null : { definition: almost, kind: 'almost' };
}
