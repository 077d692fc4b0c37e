/**
 * How a subscription's posts reach the reader: one email each as they come, or a digest every 2, 4, 6 or
 * 12 hours (aligned to local midnight), daily at the reader's hour, weekly on their day, or monthly on a
 * day of the month. The CLI, the dashboard, the reply commands and OPML share these names.
 */
export const DELIVERY_MODES = [
  'realtime',
  'every-2h',
  'every-4h',
  'every-6h',
  'every-12h',
  'daily',
  'weekly',
  'monthly',
] as const;

export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** What each mode is called where readers choose it. */
export const DELIVERY_MODE_LABELS: Record<DeliveryMode, string> = {
  realtime: 'One email per new post',
  'every-2h': 'A digest every 2 hours',
  'every-4h': 'A digest every 4 hours',
  'every-6h': 'A digest every 6 hours',
  'every-12h': 'A digest every 12 hours',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
  monthly: 'Monthly digest',
};
