import type { ThreadState } from '../support-thread.entity';

export interface ThreadForOrder {
  state: ThreadState;
  lastInboundAt: Date | null;
  seenAt: Date | null;
  updatedAt: Date;
}

/** The reader wrote since an agent last opened the thread. */
export function isUnread(thread: ThreadForOrder): boolean {
  return thread.lastInboundAt !== null && (thread.seenAt === null || thread.lastInboundAt > thread.seenAt);
}

const STATE_RANK: Record<ThreadState, number> = { open: 0, waiting: 1, closed: 2 };

/**
 * The order agents work in: unread first, then open threads (the reader waits for us) before those
 * waiting for the reader and closed ones; among open threads the one waiting longest first, otherwise
 * the most recently active first.
 */
export function agentOrder(a: ThreadForOrder, b: ThreadForOrder): number {
  return (
    Number(isUnread(b)) - Number(isUnread(a)) ||
    STATE_RANK[a.state] - STATE_RANK[b.state] ||
    (a.state === 'open' ? time(a.lastInboundAt) - time(b.lastInboundAt) : 0) ||
    b.updatedAt.getTime() - a.updatedAt.getTime()
  );
}

function time(instant: Date | null): number {
  return instant?.getTime() ?? 0;
}

/** A LIKE pattern for text anywhere, `!` escaping the pattern's own characters (`ESCAPE '!'`). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, '!$&')}%`;
}
