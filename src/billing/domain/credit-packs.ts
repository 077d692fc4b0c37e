import { CreditPack } from '../../config/credit-packs';

export function findPack(packs: readonly CreditPack[], id: string): CreditPack | undefined {
  return packs.find((pack) => pack.id === id);
}
