// Applies column settings to the table's columns: order (fixed left, the rest, fixed right),
// hidden columns, and fixed columns kept in view with `position: sticky`.
//
// mantine-datatable pins only the first and the last column; a report may fix several on either
// side, so each fixed cell gets its own offset: the widths of the fixed columns before it. For
// the offsets to be exact a fixed column has a fixed width (its own, else FIXED_COLUMN_WIDTH) and
// cannot be resized.

import type { MantineStyleProp } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { type ColumnSetting, shownInOrder } from './column-settings';

/** The width of a fixed column that does not give one (px). */
export const FIXED_COLUMN_WIDTH = 120;

/** A width in px when it is one (120, '120', '120px'). */
export function widthInPx(width: DataTableColumn<unknown>['width']): number | null {
  if (typeof width === 'number') return width;
  if (typeof width === 'string') {
    const match = /^(\d+(?:\.\d+)?)(px)?$/.exec(width.trim());
    if (match) return Number(match[1]);
  }
  return null;
}

const EDGE = 'var(--mantine-datatable-border-color, var(--mantine-color-default-border))';

function stickyStyle(side: 'left' | 'right', offset: number, edge: boolean, header: boolean): MantineStyleProp {
  return {
    position: 'sticky',
    [side]: offset,
    zIndex: header ? 3 : 1,
    // A line between the fixed columns and those scrolling under them.
    boxShadow: edge ? `inset ${side === 'left' ? -1 : 1}px 0 0 ${EDGE}` : undefined,
  };
}

function fix<T>(column: DataTableColumn<T>, side: 'left' | 'right', offset: number, width: number, edge: boolean) {
  const cell = stickyStyle(side, offset, edge, false);
  const title = stickyStyle(side, offset, edge, true);
  const ownCells = column.cellsStyle;
  return {
    ...column,
    width,
    resizable: false,
    titleStyle: [title, column.titleStyle],
    cellsStyle: (record: T, index: number) => [cell, ownCells?.(record, index)],
  } satisfies DataTableColumn<T>;
}

/** The columns to draw: shown ones in order with fixed ones made sticky, hidden ones marked so. */
export function arrangeColumns<T>(
  columns: readonly DataTableColumn<T>[],
  settings: readonly ColumnSetting[],
): DataTableColumn<T>[] {
  const byAccessor = new Map(columns.map((c) => [c.accessor as string, c]));
  const shown = shownInOrder(settings).flatMap((s) => {
    const column = byAccessor.get(s.accessor);
    return column ? [{ column, fixed: s.fixed }] : [];
  });
  const widthOf = (c: DataTableColumn<T>) => widthInPx(c.width) ?? FIXED_COLUMN_WIDTH;

  // Offsets: the widths of the fixed columns between a fixed column and its side of the table.
  const offsets = new Map<number, number>();
  let left = 0;
  shown.forEach(({ column, fixed }, i) => {
    if (fixed !== 'left') return;
    offsets.set(i, left);
    left += widthOf(column);
  });
  let right = 0;
  [...shown.entries()].reverse().forEach(([i, { column, fixed }]) => {
    if (fixed !== 'right') return;
    offsets.set(i, right);
    right += widthOf(column);
  });
  const sides = shown.map((s) => s.fixed);
  const lastLeft = sides.lastIndexOf('left');
  const firstRight = sides.indexOf('right');
  const arranged = shown.map(({ column, fixed }, i) => {
    if (fixed === null) return column;
    const edge = i === (fixed === 'left' ? lastLeft : firstRight);
    return fix(column, fixed, offsets.get(i) ?? 0, widthOf(column), edge);
  });

  const shownAccessors = new Set(arranged.map((c) => c.accessor));
  const hidden = columns.filter((c) => !shownAccessors.has(c.accessor)).map((c) => ({ ...c, hidden: true }));
  return [...arranged, ...hidden];
}
