import type { DigestSection } from '../../mail/email-models';

/** One email of a digest issue: the sections of the subscriptions that deliver to one address. */
export interface IssueEmail {
  address: string;
  dedupKey: string;
  sections: DigestSection[];
}

/**
 * Splits an issue's sections by where their subscriptions deliver (`addressOf`): one email per address,
 * the account address's first and under the issue's own key (`baseKey`), each other address's under
 * `baseKey` and `keyOf(address)`, so that each email is enqueued once however often the issue is retried.
 */
export function issueEmails(
  sections: readonly DigestSection[],
  accountAddress: string,
  addressOf: (subscriptionId: string) => string,
  baseKey: string,
  keyOf: (address: string) => string,
): IssueEmail[] {
  const byAddress = new Map<string, DigestSection[]>();
  for (const section of sections) {
    const address = addressOf(section.subscriptionId);
    byAddress.set(address, [...(byAddress.get(address) ?? []), section]);
  }
  return [...byAddress]
    .sort(([a], [b]) => Number(b === accountAddress) - Number(a === accountAddress))
    .map(([address, grouped]) => ({
      address,
      dedupKey: emailKeyOf(address, accountAddress, baseKey, keyOf),
      sections: grouped,
    }));
}

/** The dedup key of the issue's email to `address`. */
export function emailKeyOf(
  address: string,
  accountAddress: string,
  baseKey: string,
  keyOf: (address: string) => string,
): string {
  return address === accountAddress ? baseKey : `${baseKey}:to:${keyOf(address)}`;
}
