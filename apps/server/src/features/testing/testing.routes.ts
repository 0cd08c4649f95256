import type { FastifyInstance } from 'fastify';
import { currentCaller, currentSession } from '../../http/access';
import { route } from '../../http/route';
import type { TestingService } from './testing.service';

export function registerTestingRoutes(app: FastifyInstance, deps: { testing: TestingService }): void {
  const { testing } = deps;
  route(app, 'createTester', ({ request, body }) => testing.create(currentSession(request).userId, body));
  route(app, 'getTesting', ({ request }) => testing.state(currentCaller(request)));
  route(app, 'answer', ({ request, body }) => testing.answer(currentCaller(request), body));
  route(app, 'dueCounts', ({ request }) => testing.dueCounts(currentSession(request).userId));
  route(app, 'dictionaryProgress', ({ request, params }) =>
    testing.progress(currentSession(request).userId, params.id),
  );
  route(app, 'skip', ({ request, body }) => testing.skip(currentCaller(request), body));
}
