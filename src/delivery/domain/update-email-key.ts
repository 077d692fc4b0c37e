/**
 * The key of the "Updated" email about one post for one reader: one a day, the reader's local day, so a
 * post edited ten times in an afternoon tells once and an edit the next day tells again.
 */
export function updateEmailKey(entryId: string, reader: { id: string; timezone: string }, now: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: reader.timezone }).format(now);
  return `update:${entryId}:user:${reader.id}:${day}`;
}
