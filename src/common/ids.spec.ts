import { decodeTime, isValid } from 'ulid';
import { newId } from './ids';

describe('newId', () => {
  it('makes valid ULIDs that are all distinct, across refills of the random pool', () => {
    const ids = Array.from({ length: 5000 }, newId);
    expect(ids.every(isValid)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stamps the current time, so that ids sort by creation', () => {
    const before = Date.now();
    const id = newId();
    expect(decodeTime(id)).toBeGreaterThanOrEqual(before);
    expect(decodeTime(id)).toBeLessThanOrEqual(Date.now());
  });

  it('spreads the random part over the whole alphabet', () => {
    const lastChars = new Set(Array.from({ length: 2000 }, () => newId().slice(-1)));
    expect(lastChars.size).toBe(32);
  });
});
