import { plainTextOf } from './plain-text';

/** What delivery decisions need to know about an entry (a subset of the stored entry). */
export interface DeliveryEntry {
  id: string;
  title: string | null;
  summary: string | null;
  content: string | null;
  publishedAt: Date | null;
  firstSeenAt: Date;
}

/** When the entry says it was published, else when we first saw it. */
export function entryDate(entry: DeliveryEntry): Date {
  return entry.publishedAt ?? entry.firstSeenAt;
}

/** Title, summary and content as one plain text, for matching (markup is dropped, not interpreted). */
export function searchableText(entry: DeliveryEntry): string {
  return [entry.title, entry.summary, entry.content && plainTextOf(entry.content)].filter(Boolean).join('\n');
}
