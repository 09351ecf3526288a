// A report's column as spec 02 §3.2 defines it (data centre and service QC): prop, Chinese label,
// shown by default or not, fixed position, a width of 100–300 px, an optional tooltip, and
// `sortable: 'custom'` when the server sorts by it. `toListColumns` turns them into the list
// table's columns; `exportedProps` says which of the shown ones an export writes.

import { createElement } from 'react';
import { CellBadge, CellBadges, type CellBadgeSpec } from './cell-badge';
import type { ListSort, ListTableColumn } from './list-table';
import type { SortInfo } from '@/generated/SortInfo';
import { formatText } from '@/lib/report-format';

export const MIN_COLUMN_WIDTH = 100;
export const MAX_COLUMN_WIDTH = 300;
export const DEFAULT_COLUMN_WIDTH = 120;

export interface ReportColumn<T> {
  prop: keyof T & string;
  label: string;
  /** Shown until the user hides it; false: hidden until the user shows it. */
  show?: boolean;
  fixed?: 'left' | 'right';
  /** Px, kept within 100–300. */
  minWidth?: number;
  tooltip?: string;
  /** 'custom': the server sorts (the request's sortInfo); no column sorts locally. */
  sortable?: 'custom';
  /** The server's sort field when it is not `prop` (a text column sorted by its instant). */
  sortField?: string;
  /** The cell's text; by default the value, '-' when empty. */
  format?: (row: T) => string;
  /** Draws the text as a badge of this colour (a Mantine colour); undefined: as plain text. */
  badgeColor?: (row: T) => string | undefined;
  /** Draws the cell as several badges (tags, each its colour); none: the text ('-' when empty). */
  badges?: (row: T) => readonly CellBadgeSpec[];
  /** false: drawn on screen only — the server's export has no such column (it refuses one it lacks). */
  exported?: false;
}

export function columnWidth(minWidth: number | undefined): number {
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, minWidth ?? DEFAULT_COLUMN_WIDTH));
}

export function toListColumns<T>(columns: readonly ReportColumn<T>[]): ListTableColumn<T>[] {
  return columns.map((c) => ({
    accessor: c.prop,
    title: c.label,
    tooltip: c.tooltip,
    fixed: c.fixed ?? null,
    defaultToggle: c.show ?? true,
    width: columnWidth(c.minWidth),
    sortable: c.sortable === 'custom',
    render: (row: T) => {
      const badges = c.badges?.(row) ?? [];
      if (badges.length > 0) return createElement(CellBadges, { badges });
      const text = cellText(c, row);
      const color = c.badgeColor?.(row);
      return color ? createElement(CellBadge, { color, text }) : text;
    },
  }));
}

/** A cell's text: the column's format, or the value ('-' when empty). */
export function cellText<T>(column: ReportColumn<T>, row: T): string {
  return column.format ? column.format(row) : formatText(row[column.prop] as string | number | null | undefined);
}

/** The shown columns (props, in order) an export writes: those the server's export has. */
export function exportedProps<T>(columns: readonly ReportColumn<T>[], shown: readonly string[]): string[] {
  const screenOnly = new Set<string>(columns.filter((c) => c.exported === false).map((c) => c.prop));
  return shown.filter((prop) => !screenOnly.has(prop));
}

/** The sort the server is asked for: the column's sort field. */
export function sortInfoOf<T>(columns: readonly ReportColumn<T>[], sort: ListSort | null): SortInfo | null {
  if (!sort) return null;
  const column = columns.find((c) => c.prop === sort.field && c.sortable === 'custom');
  return column ? { field: column.sortField ?? column.prop, asc: sort.asc } : null;
}
