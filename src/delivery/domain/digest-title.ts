import { DigestCadence, HOURS_OF, HourlyCadence } from './digest-schedule';

/** The subject of an issue of this cadence. */
export function digestTitle(cadence: DigestCadence): string {
  if (cadence === 'quiet') return 'Posts from your quiet hours';
  if (cadence === 'catch-up') return 'Your catch-up: the posts past your daily limit';
  if (cadence === 'daily' || cadence === 'weekly') return `Your ${cadence} digest`;
  if (Object.hasOwn(HOURS_OF, cadence)) return `Your ${HOURS_OF[cadence as HourlyCadence]}-hour digest`;
  return 'Your monthly digest';
}

/** How a cadence is named in a sentence ("the 6-hour digest", "the catch-up digest"). */
export function cadenceName(cadence: string): string {
  if (Object.hasOwn(HOURS_OF, cadence)) return `${HOURS_OF[cadence as HourlyCadence]}-hour`;
  if (cadence === 'quiet') return 'quiet-hours';
  return cadence.replace(/^monthly-\d+$/, 'monthly');
}
