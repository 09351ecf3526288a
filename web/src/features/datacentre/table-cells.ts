// What the data centre's tables add to their columns: cells that open what they name (a class's
// code opens the class), and the local sort of a list read whole.

import { createElement } from 'react';
import type { ListSort, ListTableColumn } from '@/components/data-table/list-table';
import type { ReportColumn } from '@/components/data-table/report-column';
import { CellLink } from './components/cell-link';

/**
 * Per column (its prop), what a cell opens: the action for the row, or null where the row names
 * nothing to open (a row without a class).
 */
export type CellLinks<T> = Partial<Record<string, (row: T) => (() => void) | null>>;

/** The columns with the linked cells drawn as buttons (their text as it was). */
export function withCellLinks<T>(columns: ListTableColumn<T>[], links: CellLinks<T> = {}): ListTableColumn<T>[] {
  return columns.map((c) => {
    const link = links[String(c.accessor)];
    if (!link) return c;
    return {
      ...c,
      render: (row: T, index: number) => {
        const cell = c.render?.(row, index) ?? null;
        const open = link(row);
        return open ? createElement(CellLink, { onClick: open, children: cell }) : cell;
      },
    };
  });
}

type Sortable = string | number | boolean | null | undefined;

/**
 * The rows of a list read whole in the order asked: by a sortable column's value (numbers as
 * numbers, text in Chinese order), the rows' order kept between equals. Without a sort, or by a
 * column that does not sort, as they came.
 */
export function sortLocally<T>(rows: readonly T[], columns: readonly ReportColumn<T>[], sort: ListSort | null): T[] {
  const column = sort ? columns.find((c) => c.prop === sort.field && c.sortable === 'custom') : undefined;
  if (!sort || !column) return [...rows];
  const valueOf = (row: T) => row[column.prop] as Sortable;
  const compare = (a: Sortable, b: Sortable) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a ?? '').localeCompare(String(b ?? ''), 'zh-CN');
  const direction = sort.asc ? 1 : -1;
  return [...rows].sort((a, b) => direction * compare(valueOf(a), valueOf(b)));
}
