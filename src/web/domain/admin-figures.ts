/** Counts grouped by one or two columns, as the modules report them (`count` is a count or a sum). */
type Groups = ReadonlyArray<Record<string, string | number>>;

export interface AdminCounts {
  users: number;
  feedsByStatus: Groups;
  entries: number;
  emailsByStatusAndKind: Groups;
  oldestPendingAt: Date | null;
  creditTotalsByKind: Groups;
  complaints: number;
  support: { byState: { open: number; waiting: number; closed: number }; oldestOpenSince: Date | null };
}

export interface Figure {
  label: string;
  value: string;
}

const sumWhere = (groups: Groups, column: string, value: string) =>
  groups.filter((group) => group[column] === value).reduce((sum, group) => sum + Number(group.count), 0);

/** The service at a glance, in words: what the metrics say, for people. */
export function adminFigures(counts: AdminCounts, now: Date): Figure[] {
  const feeds = (status: string) => sumWhere(counts.feedsByStatus, 'status', status);
  const emails = (status: string) => sumWhere(counts.emailsByStatusAndKind, 'status', status);
  const credits = (kind: string) => sumWhere(counts.creditTotalsByKind, 'kind', kind);
  return [
    { label: 'Users', value: String(counts.users) },
    {
      label: 'Feeds',
      value: `${feeds('active')} active, ${feeds('broken')} broken, ${feeds('gone')} gone`,
    },
    { label: 'Entries stored', value: String(counts.entries) },
    {
      label: 'Emails',
      value:
        `${emails('sent')} sent, ${emails('pending') + emails('sending')} waiting to send, ` +
        `${emails('held')} held for credits, ${emails('suppressed')} suppressed, ${emails('failed')} failed`,
    },
    { label: 'Oldest waiting email', value: waitedFor(counts.oldestPendingAt, now) },
    {
      label: 'Credits',
      value: `${credits('grant') + credits('purchase')} granted or bought, ${-credits('spend')} spent`,
    },
    { label: 'Complaints', value: String(counts.complaints) },
    {
      label: 'Support threads',
      value: `${counts.support.byState.open} open, ${counts.support.byState.waiting} waiting for the reader, ${counts.support.byState.closed} closed`,
    },
    { label: 'Oldest open support thread', value: waitedFor(counts.support.oldestOpenSince, now) },
  ];
}

/** "none", "3 min", "2 h 5 min", "4 days". */
export function waitedFor(since: Date | null, now: Date): string {
  if (!since) return 'none';
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${Math.floor(minutes / (24 * 60))} days`;
}

/** Why an email waits, in words. */
export function waitingReason(
  email: { status: string; lastError: string | null; nextAttemptAt: Date },
  now: Date,
): string {
  if (email.status === 'held') return "held: the reader's credits cannot pay for it";
  if (email.status === 'suppressed') return 'suppressed: the address failed hard or complained';
  if (email.lastError) return email.lastError;
  return email.nextAttemptAt > now ? 'waiting for its turn' : 'due now';
}
