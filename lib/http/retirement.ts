/**
 * A retired or browned-out endpoint's answer (docs/api.md, Retirement): HTTP 410 with the
 * catalogue error 404 and why, in the type asked as near as it can be read, decided right after
 * the query is read, so before anything is checked or any database is asked. For groups with no
 * schedule there is no such middleware: nothing is added to their requests, not even a clock read.
 */
import { ApiError } from '../errors';
import { type Group, isScheduled, type Schedule, verdict } from '../retirement';
import type { ApiMiddleware } from './context';
import { readLeniently } from './middlewares';

export function retireOnSchedule(groups: readonly Group[], schedule: Schedule, denied: ReadonlySet<string>): ApiMiddleware | undefined {
  if (!isScheduled(schedule, groups)) return undefined;
  return {
    before: (request) => {
      const now = verdict(schedule, groups, Date.now());
      if (now.answer !== 'gone') return;
      readLeniently(request, denied);
      request.context.retired = { group: now.group, why: now.why };
      throw new ApiError(404, now.message, { status: 410 });
    },
  };
}
