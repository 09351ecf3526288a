// Shared display formats (spec 01 §5 "Formats"). Every page formats through these.

import { GENERAL_EDITION_SCHOOL_ID } from '@/config/constants';

export const EMPTY = '-';

type Numeric = number | string | null | undefined;

function isEmpty(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

function toNumber(value: Numeric): number | null {
  if (isEmpty(value)) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Drops trailing zeros of a fixed-point string: '12.50' → '12.5', '3.00' → '3'. */
export function trimZeros(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/** '-' for empty table values, the value otherwise. */
export function orDash<T>(value: T | null | undefined | ''): T | string {
  return isEmpty(value) ? EMPTY : value;
}

/** A rate the server gives in percent: one decimal, trailing .0 dropped; -1 is '/'. */
export function formatRate(value: Numeric): string {
  const n = toNumber(value);
  if (n === null) return EMPTY;
  if (n === -1) return '/';
  return `${trimZeros(n.toFixed(1))}%`;
}

/** A fraction as percent: ×100, two decimals, trailing zeros removed. */
export function formatPercent(value: Numeric): string {
  const n = toNumber(value);
  if (n === null) return EMPTY;
  return `${trimZeros((n * 100).toFixed(2))}%`;
}

/** Seconds as hh:mm:ss; empty or zero is '-'. */
export function formatDuration(seconds: Numeric): string {
  const n = toNumber(seconds);
  if (n === null || n === 0) return EMPTY;
  const total = Math.max(0, Math.floor(n));
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'G', 'T'];

/** A byte count in B, KB, MB, G, T (steps of 1024, up to two decimals). */
export function formatFileSize(bytes: Numeric): string {
  const n = toNumber(bytes);
  if (n === null || n < 0) return EMPTY;
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${trimZeros(value.toFixed(2))}${SIZE_UNITS[unit]}`;
}

const pad2 = (v: number) => String(v).padStart(2, '0');

/** YYYY-MM-DD in local time. */
export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/**
 * The start (epoch ms) of the local day `YYYY-MM-DD`, `days` days later; null when it is no
 * such date. Day ranges are [start of the first day, start of the day after the last).
 */
export function localDayStart(value: string, days = 0): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  date.setDate(date.getDate() + days);
  return date.getTime();
}

/** YYYY-MM-DD HH:mm in local time. */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)} ${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(typeof value === 'string' ? value.replace(' ', 'T') : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Time since `value`: 刚刚, N分钟前, N小时前, 1天前, else YYYY-MM-DD. */
export function timeAgo(value: Date | string | number | null | undefined, now: Date = new Date()): string {
  if (isEmpty(value)) return EMPTY;
  const date = toDate(value);
  if (!date) return EMPTY;
  const seconds = (now.getTime() - date.getTime()) / 1000;
  if (seconds < 30) return '刚刚';
  if (seconds < 3600) return `${Math.max(1, Math.floor(seconds / 60))}分钟前`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}小时前`;
  if (seconds < 2 * 86400) return '1天前';
  return formatDate(date);
}

const COMPACT_SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'];

/** 1234 → '1.2k', 1500000 → '1.5M' (suffixes k M G T P E). */
export function compactNumber(value: Numeric, digits = 1): string {
  const n = toNumber(value);
  if (n === null) return EMPTY;
  let scaled = Math.abs(n);
  let index = 0;
  while (scaled >= 1000 && index < COMPACT_SUFFIXES.length - 1) {
    scaled /= 1000;
    index += 1;
  }
  return `${n < 0 ? '-' : ''}${trimZeros(scaled.toFixed(index === 0 ? 0 : digits))}${COMPACT_SUFFIXES[index]}`;
}

/** 1234567.89 → '1,234,567.89'. */
export function thousands(value: Numeric): string {
  if (isEmpty(value)) return EMPTY;
  const n = toNumber(value);
  if (n === null) return String(value);
  const [int = '0', frac] = String(n).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${grouped}.${frac}` : grouped;
}

/** A badge count: hidden (null) at 0, capped at `max` as '99+'. */
export function badgeLabel(count: number | null | undefined, max = 99): string | null {
  if (!count || count <= 0) return null;
  return count > max ? `${max}+` : String(count);
}

/** Percentage score bands by code (spec 01 §5). */
export const SCORE_BANDS = [
  { code: 0, label: '0-30%', min: 0, max: 30 },
  { code: 1, label: '31-50%', min: 31, max: 50 },
  { code: 2, label: '51-60%', min: 51, max: 60 },
  { code: 3, label: '61-70%', min: 61, max: 70 },
  { code: 4, label: '71-100%', min: 71, max: 100 },
] as const;

export function scoreBandLabel(code: number): string {
  return SCORE_BANDS.find((b) => b.code === code)?.label ?? EMPTY;
}

/** The band code of a percentage (0-100). */
export function scoreBandOf(percent: number): number {
  const rounded = Math.round(percent);
  const band = SCORE_BANDS.find((b) => rounded <= b.max);
  return band ? band.code : 4;
}

/** A school as the header and the school selector show it. */
export interface SchoolNameParts {
  id: number;
  name: string;
  localEdition?: boolean;
}

/**
 * A school's display name (spec 01 §2 "Layout"): id -1 is 通用版 (the general edition), a local
 * edition is 本地版-{name}, a school without a name (or no school) is 未知校区.
 */
export function formatSchoolName(school: SchoolNameParts | null | undefined): string {
  if (!school) return '未知校区';
  if (school.id === GENERAL_EDITION_SCHOOL_ID) return '通用版';
  if (!school.name) return '未知校区';
  return school.localEdition ? `本地版-${school.name}` : school.name;
}
