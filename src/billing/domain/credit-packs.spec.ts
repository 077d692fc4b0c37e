import { CreditPack, parseCreditPacks } from '../../config/credit-packs';
import { findPack } from './credit-packs';

describe('findPack', () => {
  it('finds a pack by id and nothing for an unknown or hostile id', () => {
    const packs = parseCreditPacks('1000:500') as CreditPack[];
    expect(findPack(packs, '1000')?.credits).toBe(1000);
    expect(findPack(packs, '999')).toBeUndefined();
    expect(findPack(packs, '__proto__')).toBeUndefined();
  });
});
