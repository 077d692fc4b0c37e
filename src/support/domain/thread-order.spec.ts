import { agentOrder, containsPattern, isUnread, ThreadForOrder } from './thread-order';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute));
const thread = (name: string, fields: Partial<ThreadForOrder>) => ({
  name,
  state: 'open' as const,
  lastInboundAt: at(0),
  seenAt: at(59),
  updatedAt: at(0),
  ...fields,
});

describe('the order agents work in', () => {
  it('puts unread first, then open threads oldest waiting first, then waiting and closed by recency', () => {
    const threads = [
      thread('closed', { state: 'closed', updatedAt: at(50) }),
      thread('waiting-old', { state: 'waiting', updatedAt: at(10) }),
      thread('open-new', { lastInboundAt: at(30) }),
      thread('unread', { state: 'waiting', lastInboundAt: at(40), seenAt: at(20) }),
      thread('open-old', { lastInboundAt: at(5) }),
      thread('waiting-new', { state: 'waiting', updatedAt: at(45) }),
      thread('never-seen', { state: 'closed', lastInboundAt: at(1), seenAt: null }),
    ];
    expect([...threads].sort(agentOrder).map((t) => t.name)).toEqual([
      'unread',
      'never-seen',
      'open-old',
      'open-new',
      'waiting-new',
      'waiting-old',
      'closed',
    ]);
    expect(isUnread(thread('x', { lastInboundAt: null, seenAt: null }))).toBe(false);
  });

  it('searches for text as it is, the pattern’s own characters escaped', () => {
    expect(containsPattern('50%_off!')).toBe('%50!%!_off!!%');
    expect(containsPattern('Ada@Example.com')).toBe('%ada@example.com%');
  });
});
