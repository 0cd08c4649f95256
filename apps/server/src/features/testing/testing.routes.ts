import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TestingService } from './testing.service';

export function registerTestingRoutes(app: FastifyInstance, deps: { testing: TestingService }): void {
  const { testing } = deps;
  route(app, 'createTester', ({ caller, body }) => testing.create(caller, body));
  route(app, 'getTesting', ({ caller }) => testing.state(caller));
  route(app, 'answer', ({ caller, body }) => testing.answer(caller, body));
  route(app, 'dueCounts', ({ caller }) => testing.dueCounts(caller));
  route(app, 'dictionaryProgress', ({ caller, params }) => testing.progress(caller, params.id));
  route(app, 'skip', ({ caller, body }) => testing.skip(caller, body));
}
