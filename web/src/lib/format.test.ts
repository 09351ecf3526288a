import { describe, expect, it } from 'vitest';
import {
  badgeLabel,
  compactNumber,
  formatDuration,
  formatFileSize,
  formatPercent,
  formatRate,
  formatSchoolName,
  localDayStart,
  orDash,
  scoreBandLabel,
  scoreBandOf,
  thousands,
  timeAgo,
} from './format';

describe('formatRate', () => {
  it('shows -1 as a slash', () => expect(formatRate(-1)).toBe('/'));
  it('keeps one decimal and drops a trailing .0', () => {
    expect(formatRate(45.67)).toBe('45.7%');
    expect(formatRate(45)).toBe('45%');
    expect(formatRate(45.04)).toBe('45%');
    expect(formatRate('12.25')).toBe('12.3%');
  });
  it('shows empty values as a dash', () => {
    expect(formatRate(null)).toBe('-');
    expect(formatRate('')).toBe('-');
  });
});

describe('formatPercent', () => {
  it('multiplies by 100 with two decimals, trailing zeros trimmed', () => {
    expect(formatPercent(0.12345)).toBe('12.35%');
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(0.125)).toBe('12.5%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(undefined)).toBe('-');
  });
});

describe('formatDuration', () => {
  it('formats seconds as hh:mm:ss', () => {
    expect(formatDuration(3661)).toBe('01:01:01');
    expect(formatDuration(59)).toBe('00:00:59');
    expect(formatDuration(36000)).toBe('10:00:00');
  });
  it('shows empty or zero as a dash', () => {
    expect(formatDuration(0)).toBe('-');
    expect(formatDuration(null)).toBe('-');
    expect(formatDuration('')).toBe('-');
  });
});

describe('orDash', () => {
  it('replaces empty values only', () => {
    expect(orDash(null)).toBe('-');
    expect(orDash(undefined)).toBe('-');
    expect(orDash('')).toBe('-');
    expect(orDash(0)).toBe(0);
    expect(orDash('x')).toBe('x');
  });
});

describe('formatFileSize', () => {
  it('steps by 1024 through B, KB, MB, G, T', () => {
    expect(formatFileSize(512)).toBe('512B');
    expect(formatFileSize(1536)).toBe('1.5KB');
    expect(formatFileSize(1024 * 1024)).toBe('1MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3G');
    expect(formatFileSize(2.25 * 1024 ** 4)).toBe('2.25T');
    expect(formatFileSize(5 * 1024 ** 5)).toBe('5120T');
    expect(formatFileSize(null)).toBe('-');
  });
});

describe('timeAgo', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0);
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it('says 刚刚 under 30 s', () => expect(timeAgo(ago(29), now)).toBe('刚刚'));
  it('counts minutes under an hour', () => {
    expect(timeAgo(ago(30), now)).toBe('1分钟前');
    expect(timeAgo(ago(59 * 60), now)).toBe('59分钟前');
  });
  it('counts hours under a day', () => {
    expect(timeAgo(ago(3600), now)).toBe('1小时前');
    expect(timeAgo(ago(23 * 3600 + 59), now)).toBe('23小时前');
  });
  it('says 1天前 under two days', () => expect(timeAgo(ago(47 * 3600), now)).toBe('1天前'));
  it('gives the date after that', () => expect(timeAgo(ago(2 * 86400), now)).toBe('2024-06-13'));
  it('reads server date strings', () => expect(timeAgo('2024-06-15 11:50:00', now)).toBe('10分钟前'));
  it('shows empty values as a dash', () => expect(timeAgo(null, now)).toBe('-'));
});

describe('compactNumber', () => {
  it('uses k M G T P E', () => {
    expect(compactNumber(999)).toBe('999');
    expect(compactNumber(1234)).toBe('1.2k');
    expect(compactNumber(1_500_000)).toBe('1.5M');
    expect(compactNumber(2e9)).toBe('2G');
    expect(compactNumber(3e12)).toBe('3T');
    expect(compactNumber(4e15)).toBe('4P');
    expect(compactNumber(5e18)).toBe('5E');
    expect(compactNumber(-1234)).toBe('-1.2k');
  });
});

describe('thousands', () => {
  it('groups by three', () => {
    expect(thousands(1234567.89)).toBe('1,234,567.89');
    expect(thousands(999)).toBe('999');
    expect(thousands(-1000)).toBe('-1,000');
    expect(thousands(null)).toBe('-');
  });
});

describe('badgeLabel', () => {
  it('hides 0 and caps at 99+', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(5)).toBe('5');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
  });
});

describe('score bands', () => {
  it('labels the codes', () => {
    expect(scoreBandLabel(0)).toBe('0-30%');
    expect(scoreBandLabel(1)).toBe('31-50%');
    expect(scoreBandLabel(2)).toBe('51-60%');
    expect(scoreBandLabel(3)).toBe('61-70%');
    expect(scoreBandLabel(4)).toBe('71-100%');
  });
  it('finds the band of a percentage', () => {
    expect(scoreBandOf(0)).toBe(0);
    expect(scoreBandOf(30)).toBe(0);
    expect(scoreBandOf(31)).toBe(1);
    expect(scoreBandOf(55)).toBe(2);
    expect(scoreBandOf(70)).toBe(3);
    expect(scoreBandOf(100)).toBe(4);
  });
});

describe('formatSchoolName', () => {
  it('shows school id -1 as the general edition', () => {
    expect(formatSchoolName({ id: -1, name: '' })).toBe('通用版');
    expect(formatSchoolName({ id: -1, name: '总部', localEdition: true })).toBe('通用版');
  });
  it('prefixes a local edition with 本地版-', () => {
    expect(formatSchoolName({ id: 7, name: '苏州校区', localEdition: true })).toBe('本地版-苏州校区');
    expect(formatSchoolName({ id: 3, name: '朝阳校区', localEdition: false })).toBe('朝阳校区');
    expect(formatSchoolName({ id: 3, name: '朝阳校区' })).toBe('朝阳校区');
  });
  it('shows a missing school or name as 未知校区', () => {
    expect(formatSchoolName(null)).toBe('未知校区');
    expect(formatSchoolName({ id: 3, name: '', localEdition: true })).toBe('未知校区');
  });
});

describe('localDayStart', () => {
  it('reads a local day and days after it', () => {
    expect(localDayStart('2026-11-23')).toBe(new Date(2026, 10, 23).getTime());
    expect(localDayStart('2026-11-30', 1)).toBe(new Date(2026, 11, 1).getTime());
    expect(localDayStart('2024-02-29')).toBe(new Date(2024, 1, 29).getTime());
  });
  it('refuses what is no date', () => {
    for (const bad of ['', '2026-13-01', '2026-02-30', '23/11/2026', '2026-1-5']) expect(localDayStart(bad)).toBeNull();
  });
});
