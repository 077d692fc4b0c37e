import { parseMessageIds, replySubject, threadReferences } from './message-ids';

describe('message ids', () => {
  it('reads the ids of a References header in order, once each', () => {
    expect(parseMessageIds('<a@x> <b@y>\r\n <c@z> <a@x>')).toEqual(['<a@x>', '<b@y>', '<c@z>']);
    expect(parseMessageIds('  <only@one>  ')).toEqual(['<only@one>']);
  });

  it.each([undefined, null, '', 'no brackets here', '<>', '<with space@x>', `<${'a'.repeat(300)}@x>`])(
    'finds nothing in %j',
    (header) => {
      expect(parseMessageIds(header)).toEqual([]);
    },
  );

  it('keeps the last fifty ids of a hostile header', () => {
    const header = Array.from({ length: 10_000 }, (_, i) => `<${i}@x>`).join(' ');
    const ids = parseMessageIds(header);
    expect(ids).toHaveLength(50);
    expect(ids[49]).toBe('<9999@x>');
  });

  it('sends the first and the latest references of a long thread', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `<${i}@x>`);
    expect(threadReferences(ids.slice(0, 3))).toEqual(['<0@x>', '<1@x>', '<2@x>']);
    const long = threadReferences(ids);
    expect(long).toHaveLength(20);
    expect(long[0]).toBe('<0@x>');
    expect(long[1]).toBe('<11@x>');
    expect(long[19]).toBe('<29@x>');
  });

  it.each([
    ['Your daily digest', 'Re: Your daily digest'],
    ['RE: help', 'RE: help'],
    ['AW: Frage', 'AW: Frage'],
    ['  spaced\r\n  out ', 'Re: spaced out'],
    ['', 'Re: your message to Tidings'],
    [undefined, 'Re: your message to Tidings'],
  ])('answers %j as %j', (subject, expected) => {
    expect(replySubject(subject)).toBe(expected);
  });
});
