import { describe, expect, it } from 'vitest';
import { validityColor, validityText } from './usage-columns';

describe('platform usage validity', () => {
  it('is a green 达标, a red 未达标, or a plain / without lessons', () => {
    const of = (platformUsageValid: number, platformUsageValidStr: string) => {
      const row = { platformUsageValid, platformUsageValidStr };
      return [validityText(row), validityColor(row)];
    };
    expect(of(1, '达标')).toEqual(['达标', 'teal']);
    expect(of(0, '未达标')).toEqual(['未达标', 'red']);
    expect(of(-1, '')).toEqual(['/', undefined]);
    expect(of(0, '')).toEqual(['-', 'red']);
  });
});
