import { describe, expect, it } from 'vitest';
import { clampRange, formatRange } from './range-number';

describe('clampRange', () => {
  it('clamps to 0-100 by default', () => {
    expect(clampRange(150)).toBe(100);
    expect(clampRange(-5)).toBe(0);
    expect(clampRange(42)).toBe(42);
  });
  it('turns a non-number into min', () => {
    expect(clampRange('abc')).toBe(0);
    expect(clampRange('', { min: 10 })).toBe(10);
    expect(clampRange(undefined, { min: 5, max: 9 })).toBe(5);
  });
  it('rounds to the precision', () => {
    expect(clampRange(12.345)).toBe(12);
    expect(clampRange(12.345, { precision: 1 })).toBe(12.3);
    expect(clampRange('12.346', { precision: 2 })).toBe(12.35);
  });
  it('formats 0, 1 or 2 decimals', () => {
    expect(formatRange(12, 0)).toBe('12');
    expect(formatRange(12, 1)).toBe('12.0');
    expect(formatRange(12.5, 2)).toBe('12.50');
  });
});
