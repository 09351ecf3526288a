// Multiple choices with a 全部 ('all', -1) option (spec 02 §3.1 "Option lists"): 全部 and the
// single values exclude each other, and choosing nothing means 全部 again.

import { ALL } from './dc-search';

/** The value of the 全部 option in a select (select values are strings). */
export const ALL_VALUE = String(ALL);

/**
 * The selection after the user changed it from `previous` to `next`: picking 全部 drops the
 * other values, picking a value drops 全部, an empty selection is 全部.
 */
export function pickWithAll(previous: readonly string[], next: readonly string[]): string[] {
  if (next.includes(ALL_VALUE) && !previous.includes(ALL_VALUE)) return [ALL_VALUE];
  const values = next.filter((v) => v !== ALL_VALUE);
  return values.length > 0 ? values : [ALL_VALUE];
}

/** The select options of a dictionary, 全部 first. */
export function withAllOption(
  options: readonly { value: string; label: string }[],
  allLabel = '全部',
): { value: string; label: string }[] {
  return [{ value: ALL_VALUE, label: allLabel }, ...options];
}
