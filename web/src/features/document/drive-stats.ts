// The figures of 知识库统计 drawn from the server's DriveStatistics: a space's rows by type with
// their 合计, and the items of each type across all spaces (the chart).

import type { DriveSpaceStatistics } from '@/generated/DriveSpaceStatistics';
import type { DriveTypeCount } from '@/generated/DriveTypeCount';
import { RESOURCE_TYPES } from './drive-dict';

/** A row of a space's table: one type, or the 合计 of them all. */
export interface TypeRow {
  key: string;
  label: string;
  count: number;
  bytes: number;
  summary: boolean;
}

const labelOf = (typeCode: number) => RESOURCE_TYPES.find((t) => t.code === typeCode)?.label ?? `类型 ${typeCode}`;

/** Every known type in its order (none of it: 0), then any other type the server counted. */
function everyType(byType: readonly DriveTypeCount[]): DriveTypeCount[] {
  const known = RESOURCE_TYPES.map(
    (t) => byType.find((c) => c.typeCode === t.code) ?? { typeCode: t.code, count: 0, bytes: 0 },
  );
  const other = byType.filter((c) => !RESOURCE_TYPES.some((t) => t.code === c.typeCode));
  return [...known, ...other];
}

/** A space's rows by type, the 合计 (the sum of them) last. */
export function typeRows(space: DriveSpaceStatistics): TypeRow[] {
  const rows = everyType(space.byType).map((c) => ({
    key: String(c.typeCode),
    label: labelOf(c.typeCode),
    count: c.count,
    bytes: c.bytes,
    summary: false,
  }));
  const sum = (field: 'count' | 'bytes') => rows.reduce((n, r) => n + r[field], 0);
  return [...rows, { key: 'total', label: '合计', count: sum('count'), bytes: sum('bytes'), summary: true }];
}

/** One bar of the chart: the items of a type across all spaces. */
export interface TypePoint {
  type: string;
  count: number;
}

/** The items of each type, summed over the spaces, every known type in its order. */
export function itemsByType(spaces: readonly DriveSpaceStatistics[]): TypePoint[] {
  const totals = new Map<number, number>();
  for (const c of spaces.flatMap((s) => s.byType)) totals.set(c.typeCode, (totals.get(c.typeCode) ?? 0) + c.count);
  return everyType([...totals].map(([typeCode, count]) => ({ typeCode, count, bytes: 0 }))).map((c) => ({
    type: labelOf(c.typeCode),
    count: c.count,
  }));
}
