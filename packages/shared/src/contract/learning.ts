// The learner's own scheduler (docs/decisions/0046-personal-scheduling.md): status, fit and
// workload forecast. Served by features/learning.
import {
  schedulerStatusSchema,
  workloadForecastQuerySchema,
  workloadForecastSchema,
} from '../schemas/scheduling';
import { endpoint, type Endpoint } from './endpoint';

export const learningEndpoints = {
  schedulerStatus: endpoint({
    method: 'GET',
    path: '/users/me/scheduler',
    access: 'member',
    tag: 'learning',
    summary: 'Desired retention, reviews so far and the last fit of personal FSRS parameters',
    status: 200,
    response: schedulerStatusSchema,
  }),
  fitScheduler: endpoint({
    method: 'POST',
    path: '/users/me/scheduler/fit',
    access: 'member',
    tag: 'learning',
    summary:
      'Fit personal FSRS parameters from the review log, in the background (202; at most one fit per learner at a time)',
    status: 202,
    response: schedulerStatusSchema,
  }),
  workloadForecast: endpoint({
    method: 'GET',
    path: '/users/me/scheduler/forecast',
    access: 'member',
    tag: 'learning',
    summary: 'Expected reviews per day for the next 30 days at a desired retention',
    query: workloadForecastQuerySchema,
    status: 200,
    response: workloadForecastSchema,
  }),
} as const satisfies Record<string, Endpoint>;
