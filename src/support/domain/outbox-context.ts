/** The entry an email was about, read from its dedup key (`entry:<entryId>:user:<userId>`). */
export function entryIdOfDedupKey(dedupKey: string): string | null {
  return /^entry:([0-9A-HJKMNP-TV-Z]{26}):user:/.exec(dedupKey)?.[1] ?? null;
}
