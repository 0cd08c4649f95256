import type { FastifyInstance } from 'fastify';
import { asAttachment } from '../../http/attachment';
import { route } from '../../http/route';
import { textBody } from '../../http/streamed-body';
import type { OfflineTestingService } from './offline.service';
import type { ProgressService } from './progress.service';
import type { ReviewLogService } from './review-log.service';
import type { TestingService } from './testing.service';
import type { WeakSpotsService } from './weak-spots.service';

export function registerTestingRoutes(
  app: FastifyInstance,
  deps: {
    testing: TestingService;
    offlineTesting: OfflineTestingService;
    weakSpots: WeakSpotsService;
    progress: ProgressService;
    reviewLog: ReviewLogService;
  },
): void {
  const { testing, offlineTesting, weakSpots, progress, reviewLog } = deps;
  route(app, 'createTester', ({ caller, body }) => testing.create(caller, body));
  route(app, 'getTesting', ({ caller }) => testing.state(caller));
  route(app, 'answer', ({ caller, body }) => testing.answer(caller, body));
  route(app, 'offlinePack', ({ caller }) => offlineTesting.pack(caller));
  route(app, 'lateReviews', ({ caller, body }) => offlineTesting.lateReviews(caller, body));
  route(app, 'dueCounts', ({ caller }) => progress.dueCounts(caller));
  route(app, 'dictionaryProgress', ({ caller, params }) => progress.progress(caller, params.id));
  route(app, 'skip', ({ caller, body }) => testing.skip(caller, body));
  route(app, 'weakSpots', ({ caller, params }) => weakSpots.ofDictionary(caller, params.id));
  route(app, 'overrideAnswer', ({ caller, body }) => testing.override(caller, body));
  route(app, 'exportReviewLog', async ({ caller, reply }) => {
    const csv = await reviewLog.reviewLogCsv(caller);
    asAttachment(reply, 'wordhoard-reviews.csv', 'text/csv; charset=utf-8');
    return textBody(csv);
  });
}
