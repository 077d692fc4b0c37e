import { GroupedEnd, SentMarks } from './sent-marks';

describe('SentMarks', () => {
  it('writes a full group at once, and the rest together after the wait', async () => {
    const writes: string[][] = [];
    const marks = new SentMarks<string>(
      async (ends: Array<GroupedEnd<string>>) => {
        writes.push(ends.map((end) => `${end.id}=${end.end}`));
      },
      3,
      5,
    );
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => marks.record(id, 'sent')));
    expect(writes).toEqual([
      ['a=sent', 'b=sent', 'c=sent'],
      ['d=sent', 'e=sent'],
    ]);
  });

  it('fails every email of a group whose write failed, and writes the next group again', async () => {
    let calls = 0;
    const marks = new SentMarks<string>(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
      },
      2,
      5,
    );
    const failed = await Promise.allSettled([marks.record('a', 'sent'), marks.record('b', 'sent')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await expect(marks.record('c', 'sent')).resolves.toBeUndefined();
  });
});
