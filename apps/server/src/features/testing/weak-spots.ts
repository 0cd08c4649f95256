import type { TestWord } from '@wordhoard/shared';
import type { ConfusionPair, DefinitionRecord } from './weak-spots.repository';

/**
 * Weak spots (docs/decisions/0049-weak-spots.md): what a finished word says of each of its
 * definitions, and what a learner's records add up to.
 */

/**
 * The definitions a finished word's test recalled unaided and those it missed: a definition
 * is recalled when it was typed before the first wrong check showed the answers (an override
 * takes that check back), missed when it was typed only after it, or never (skipped). Those
 * shown done from the start (`given`, a weak-definition test) were not asked: neither.
 */
export function definitionOutcome(item: TestWord): { recalled: string[]; missed: string[] } {
  const given = new Set(item.done.slice(0, item.given ?? 0));
  const unaided = new Set(item.done.slice(item.given ?? 0, item.helpedAt ?? item.done.length));
  const asked = item.definitions.filter((definition) => !given.has(definition));
  return {
    recalled: asked.filter((definition) => unaided.has(definition)),
    missed: asked.filter((definition) => !unaided.has(definition)),
  };
}

/** Lapses per word (every direction and definition together). */
function lapsesByWord(
  records: readonly DefinitionRecord[],
): Map<string, { term: string; lapses: number; suspended: boolean }> {
  const byWord = new Map<string, { term: string; lapses: number; suspended: boolean }>();
  for (const record of records) {
    const entry = byWord.get(record.wordId) ?? { term: record.term, lapses: 0, suspended: record.suspended };
    entry.lapses += record.lapses;
    byWord.set(record.wordId, entry);
  }
  return byWord;
}

/** The leeches among the records' words: lapsed `threshold` times or more, most lapses first. */
export function leeches(
  records: readonly DefinitionRecord[],
  threshold: number,
): { wordId: string; term: string; lapses: number; suspended: boolean }[] {
  return [...lapsesByWord(records)]
    .filter(([, word]) => word.lapses >= threshold)
    .map(([wordId, word]) => ({ wordId, ...word }))
    .sort((a, b) => b.lapses - a.lapses || a.term.localeCompare(b.term));
}

/**
 * The weakest definitions first: missed most often, then most recently; suspended words are
 * left out (they are set aside from every test).
 */
export function weakestDefinitions(records: readonly DefinitionRecord[], limit: number): DefinitionRecord[] {
  return records
    .filter((record) => !record.suspended)
    .sort(
      (a, b) =>
        b.misses - a.misses ||
        b.lastMissAt.getTime() - a.lastMissAt.getTime() ||
        a.term.localeCompare(b.term) ||
        a.definition.localeCompare(b.definition),
    )
    .slice(0, limit);
}

/**
 * The words of a confusion-pairs test in order, each pair side by side, each word once, with
 * the term it is to be told apart from (the other word of the first pair it comes in).
 * Pairs with a suspended word are left out.
 */
export function pairedWords(pairs: readonly ConfusionPair[]): { wordId: string; contrast: string }[] {
  const order: { wordId: string; contrast: string }[] = [];
  const seen = new Set<string>();
  for (const { first, second } of pairs) {
    if (first.suspended || second.suspended) continue;
    for (const [word, other] of [
      [first, second],
      [second, first],
    ] as const) {
      if (seen.has(word.wordId)) continue;
      seen.add(word.wordId);
      order.push({ wordId: word.wordId, contrast: other.term });
    }
  }
  return order;
}
