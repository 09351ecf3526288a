// How report figures are shown (spec 02 §5): the data centre's and the service QC's. The wire's
// conventions (protocol dto `datacentre`, `qc`): rates are fractions and -1 where a rate has no
// base; durations are seconds; money is yuan; times are epoch ms (0: none); empty text is ''.
// Anything empty shows '-'.

// Durations: `formatDuration` of '@/lib/format' (hh:mm:ss, 0 and empty '-').

import { EMPTY, formatDate, formatDateTime, thousands, trimZeros } from '@/lib/format';

/** Decimals of a percentage. */
export const RATE_DECIMALS = 2;

const isMissing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || Number.isNaN(value);

/** A fraction as a percentage with fixed decimals (0.5 → '50.00%'); -1 (no base) is '/'. */
export function formatDcRate(value: number | null | undefined, decimals = RATE_DECIMALS): string {
  if (isMissing(value)) return EMPTY;
  if (value === -1) return '/';
  return `${(value * 100).toFixed(decimals)}%`;
}

/**
 * A usage rate (platform usage, 02 §5): a fraction as a percentage with one decimal, a trailing
 * .0 dropped (0.5 → '50%', 0.257 → '25.7%'); -1 (no base) is '/'.
 */
export function formatUsageRate(value: number | null | undefined): string {
  return formatDcRate(value, 1).replace(/\.0%$/, '%');
}

/** Yuan with two decimals and thousands separators (1234.5 → '1,234.50'). */
export function formatMoney(value: number | null | undefined): string {
  if (isMissing(value)) return EMPTY;
  const [int = '0', frac = '00'] = Math.abs(value).toFixed(2).split('.');
  return `${value < 0 ? '-' : ''}${thousands(int)}.${frac}`;
}

/** A count with thousands separators. */
export function formatCount(value: number | null | undefined): string {
  return isMissing(value) ? EMPTY : thousands(value);
}

/** An instant (epoch ms) as YYYY-MM-DD HH:mm; 0 (none) is '-'. */
export function formatInstant(millis: number | null | undefined): string {
  if (isMissing(millis) || millis <= 0) return EMPTY;
  return formatDateTime(new Date(millis));
}

/** An instant (epoch ms) as its day, YYYY-MM-DD; 0 (none) is '-'. */
export function formatDay(millis: number | null | undefined): string {
  if (isMissing(millis) || millis <= 0) return EMPTY;
  return formatDate(new Date(millis));
}

/** An average with up to two decimals, trailing zeros dropped (2.5, 1.33, 0); -1 (no base) is '/'. */
export function formatAverage(value: number | null | undefined): string {
  if (isMissing(value)) return EMPTY;
  if (value === -1) return '/';
  return trimZeros(value.toFixed(2));
}

/** A table value: '-' for empty text and missing values. */
export function formatText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY;
  const text = String(value);
  return text.trim() === '' ? EMPTY : text;
}
