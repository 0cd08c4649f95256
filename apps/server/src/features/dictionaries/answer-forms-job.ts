import { startPeriodicJob, type JobLog, type JobObserver } from '../../domain/jobs';
import type { DictionariesService } from './dictionaries.service';

export const ANSWER_FORMS_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Computes missing answer forms at start and every 10 minutes, each run until none is left
 * (docs/decisions/0066-answer-forms-index.md): after migration 0016, after a migration that
 * clears them for new grading rules, and for words inserted by hand. Until then a confusion lookup reads those words too, so
 * nothing is graded differently meanwhile; only slower.
 */
export function startAnswerFormsJob(
  dictionaries: Pick<DictionariesService, 'fillAnswerForms'>,
  log: JobLog,
  observe?: JobObserver,
): () => void {
  return startPeriodicJob(
    {
      name: 'answer_forms',
      intervalMs: ANSWER_FORMS_INTERVAL_MS,
      work: () => dictionaries.fillAnswerForms(),
      report: (result, jobLog) => {
        if (result.filled > 0) jobLog.info(result, 'answer forms of words computed');
      },
      failureMessage: 'computing answer forms failed; retrying at the next interval',
    },
    log,
    observe,
  );
}
