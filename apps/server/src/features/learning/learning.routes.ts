import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { LearningService } from './learning.service';

export function registerLearningRoutes(app: FastifyInstance, deps: { learning: LearningService }): void {
  const { learning } = deps;
  route(app, 'schedulerStatus', ({ caller }) => learning.status(caller));
  route(app, 'fitScheduler', ({ caller }) => learning.requestFit(caller));
  route(app, 'workloadForecast', ({ caller, query }) => learning.forecast(caller, query.retention));
}
