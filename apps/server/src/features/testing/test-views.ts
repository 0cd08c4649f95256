import {
  itemOf,
  reportOf,
  type Report,
  type TestItem,
  type TesterOptions,
  type TestWord,
} from '@wordhoard/shared';
import { NO_MEDIA, toWordAudio, toWordPicture, type WordMediaRefs } from '../../domain/media';
import type { ReportItem, TestHead } from './testing.repository';

/* What the test screens are shown of a test: its current word, an answer's next word, the report. */

export function toTestItem(
  test: Pick<TestHead, 'position' | 'total'>,
  item: TestWord,
  media: ReadonlyMap<string, WordMediaRefs>,
): TestItem {
  return { ...itemOf(item, test.position + 1, test.total), ...mediaFields(media, item, true) };
}

/**
 * The word's picture and recording now (docs/decisions/0063-word-media.md). While the question
 * asks for the term (definitions → term, cloze), its recording would say the answer: null then.
 */
function mediaFields(
  media: ReadonlyMap<string, WordMediaRefs>,
  item: Pick<ReportItem, 'wordId' | 'reversed'>,
  asking: boolean,
): Pick<TestItem, 'picture' | 'audio'> {
  const refs = media.get(item.wordId) ?? NO_MEDIA;
  return {
    picture: toWordPicture(refs.picture),
    audio: asking && item.reversed === true ? null : toWordAudio(refs.audio),
  };
}

/** What the report says of its words now: which are leeches and which are suspended. */
export interface ReportMarks {
  leeches: ReadonlySet<string>;
  suspended: ReadonlySet<string>;
}

/**
 * The options a finished test can be tried again with: those it was started with, unless its
 * dictionary has been deleted since (the test's turns null then); null in tests saved before.
 */
export function retryOptions(
  test: Pick<TestHead, 'dictionaryId'>,
  options: TesterOptions | null,
): TesterOptions | null {
  if (!options) return null;
  return options.dictionaryId !== null && test.dictionaryId === null ? null : options;
}

export function toReport(
  dictionaryId: string | null,
  options: TesterOptions | null,
  items: ReportItem[],
  marks: ReportMarks,
  media: ReadonlyMap<string, WordMediaRefs>,
): Report {
  return reportOf({ dictionaryId, options }, items, (item) => ({
    leech: marks.leeches.has(item.wordId),
    suspended: marks.suspended.has(item.wordId),
    // The answer is on the screen already: the recording too.
    ...mediaFields(media, item, false),
  }));
}

/**
 * The test's current word as one read knows it, for a result that changed nothing: the word the
 * read found when it is the current one, null once the test is finished, else unknown (the read
 * has the asked word, not the current one).
 */
export function standing(
  test: TestHead,
  item: TestWord,
  index: number,
  media: ReadonlyMap<string, WordMediaRefs>,
): TestItem | null | undefined {
  if (index === test.position) return toTestItem(test, item, media);
  return test.position >= test.total ? null : undefined;
}

/** `result` with the test's current word after it (`next`), left out when unknown. */
export function withNext<R extends { next?: TestItem | null }>(
  result: R,
  next: TestItem | null | undefined,
): R {
  return next === undefined ? result : { ...result, next };
}
