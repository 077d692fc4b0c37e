import { isSameValue } from '../../common/same-value';

/** Only what differs from the stored row: a routine 304 then writes two columns, not twelve. */
export function changedFields<T extends object>(stored: T, update: Partial<T>): Partial<T> {
  const changed: Partial<T> = {};
  for (const key in update) {
    if (!isSameValue(stored[key], update[key])) changed[key] = update[key];
  }
  return changed;
}
