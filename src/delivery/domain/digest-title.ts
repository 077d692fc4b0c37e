import { DigestCadence, HOURS_OF, HourlyCadence } from './digest-schedule';

/** The subject of an issue of this cadence. */
export function digestTitle(cadence: DigestCadence): string {
  if (cadence === 'quiet') return 'Posts from your quiet hours';
  if (cadence === 'catch-up') return 'Your catch-up: the posts past your daily limit';
  if (cadence === 'daily' || cadence === 'weekly') return `Your ${cadence} digest`;
  if (Object.hasOwn(HOURS_OF, cadence)) return `Your ${HOURS_OF[cadence as HourlyCadence]}-hour digest`;
  return 'Your monthly digest';
}
