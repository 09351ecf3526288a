// The range number input's rule (spec 01 §5): clamp to [min, max] (default 0-100), a
// non-number becomes min, format with 0, 1 or 2 decimals.

export type RangePrecision = 0 | 1 | 2;

export interface RangeOptions {
  min?: number;
  max?: number;
  precision?: RangePrecision;
}

export function clampRange(value: unknown, { min = 0, max = 100, precision = 0 }: RangeOptions = {}): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return min;
  const clamped = Math.min(max, Math.max(min, n));
  const factor = 10 ** precision;
  return Math.round(clamped * factor) / factor;
}

export function formatRange(value: number, precision: RangePrecision = 0): string {
  return value.toFixed(precision);
}
