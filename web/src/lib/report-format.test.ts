import { describe, expect, it } from 'vitest';
import { formatDuration } from '@/lib/format';
import {
  formatAverage,
  formatCount,
  formatDay,
  formatDcRate,
  formatInstant,
  formatMoney,
  formatText,
  formatUsageRate,
} from './report-format';

describe('report formats', () => {
  it('shows rates as percentages with fixed decimals and -1 as /', () => {
    expect(formatDcRate(0.5)).toBe('50.00%');
    expect(formatDcRate(0.12345)).toBe('12.35%');
    expect(formatDcRate(1)).toBe('100.00%');
    expect(formatDcRate(0)).toBe('0.00%');
    expect(formatDcRate(0.257, 1)).toBe('25.7%');
    expect(formatDcRate(-1)).toBe('/');
    expect(formatDcRate(null)).toBe('-');
    expect(formatDcRate(Number.NaN)).toBe('-');
  });

  it('shows usage rates with one decimal, a trailing .0 dropped, and -1 as /', () => {
    expect(formatUsageRate(0.5)).toBe('50%');
    expect(formatUsageRate(0.257)).toBe('25.7%');
    expect(formatUsageRate(0.12345)).toBe('12.3%');
    expect(formatUsageRate(1)).toBe('100%');
    expect(formatUsageRate(0.99999)).toBe('100%');
    expect(formatUsageRate(0.1049)).toBe('10.5%');
    expect(formatUsageRate(0)).toBe('0%');
    expect(formatUsageRate(0.001)).toBe('0.1%');
    expect(formatUsageRate(-1)).toBe('/');
    expect(formatUsageRate(undefined)).toBe('-');
  });

  it('shows durations in seconds as hh:mm:ss and zero or nothing as -', () => {
    expect(formatDuration(3725)).toBe('01:02:05');
    expect(formatDuration(90_000)).toBe('25:00:00');
    expect(formatDuration(0)).toBe('-');
    expect(formatDuration(null)).toBe('-');
  });

  it('shows money in yuan with two decimals and separators', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(1_000_000)).toBe('1,000,000.00');
    expect(formatMoney(-20.456)).toBe('-20.46');
    expect(formatMoney(undefined)).toBe('-');
  });

  it('shows counts, instants and texts, empty ones as -', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(null)).toBe('-');
    expect(formatInstant(new Date(2026, 2, 5, 9, 7).getTime())).toBe('2026-03-05 09:07');
    expect(formatInstant(0)).toBe('-');
    expect(formatText('')).toBe('-');
    expect(formatText('  ')).toBe('-');
    expect(formatText('张三')).toBe('张三');
    expect(formatText(0)).toBe('0');
  });

  it('shows days of instants, absent ones as -', () => {
    expect(formatDay(new Date(2026, 2, 5, 23, 59).getTime())).toBe('2026-03-05');
    expect(formatDay(0)).toBe('-');
    expect(formatDay(undefined)).toBe('-');
  });

  it('shows averages with up to two decimals, -1 (no base) as /', () => {
    expect([formatAverage(3.333), formatAverage(6.5), formatAverage(2), formatAverage(0)]).toEqual([
      '3.33',
      '6.5',
      '2',
      '0',
    ]);
    expect(formatAverage(-1)).toBe('/');
    expect(formatAverage(null)).toBe('-');
  });
});
