import { PingMarks } from './ping-marks';

describe('PingMarks', () => {
  const window = 60_000;

  it('makes a feed due now for the first ping, and at the end of the window for every later one', () => {
    const marks = new PingMarks(window);
    expect(marks.dueAt('a', 1_000)).toBe(1_000);
    expect(marks.dueAt('a', 2_000)).toBe(61_000);
    expect(marks.dueAt('a', 60_999)).toBe(61_000);
    expect(marks.dueAt('b', 2_000)).toBe(2_000);
  });

  it('starts a new window once the last one has ended', () => {
    const marks = new PingMarks(window);
    marks.dueAt('a', 1_000);
    expect(marks.dueAt('a', 61_000)).toBe(61_000);
    expect(marks.dueAt('a', 62_000)).toBe(121_000);
  });

  it('tells how long a marked feed still waits, and 0 for one no ping marked lately', () => {
    const marks = new PingMarks(window);
    marks.dueAt('a', 1_000);
    expect(marks.windowLeft('a', 31_000)).toBe(30_000);
    expect(marks.windowLeft('b', 31_000)).toBe(0);
    expect(marks.windowLeft('a', 61_000)).toBe(0);
  });

  it('forgets ended windows, oldest first, so that memory follows the pings of one window', () => {
    const marks = new PingMarks(window);
    for (let feed = 0; feed < 1_000; feed += 1) marks.dueAt(`feed-${feed}`, feed);
    marks.dueAt('late', 70_000);
    expect((marks as unknown as { windowStarts: Map<string, number> }).windowStarts.size).toBe(1);
  });
});
