/**
 * What a process runs: `web` answers HTTP (dashboard, webhooks, pings, unsubscribe) and no scheduled
 * work; `worker` runs polls, deliveries, digests and the outbox (and answers only GET /health and /metrics); `all`
 * both (the default of `serve`); `cli` one command.
 */
export type ProcessRole = 'web' | 'worker' | 'all' | 'cli';

export const SERVE_ROLES: readonly ProcessRole[] = ['web', 'worker', 'all'];

export const PROCESS_ROLE = Symbol('PROCESS_ROLE');

export function isServeRole(value: string): value is 'web' | 'worker' | 'all' {
  return (SERVE_ROLES as readonly string[]).includes(value);
}

/** Whether this process answers the dashboard and webhooks. */
export function servesHttp(role: ProcessRole): boolean {
  return role === 'web' || role === 'all';
}

/** Whether this process polls feeds itself (a web node hands pinged feeds to the workers). */
export function pollsFeeds(role: ProcessRole): boolean {
  return role !== 'web';
}

/** Whether this process runs the scheduled work (polls, digests, outbox, push renewals). */
export function runsSchedules(role: ProcessRole): boolean {
  return role === 'worker' || role === 'all';
}
