// The columns of the teaching service's tables: text ('-' when empty), counts, instants and days,
// badges (statuses, stages, attendance) and links to the record a cell names. Every table is the
// one list table, with its column settings remembered per table.

import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CellBadge } from '@/components/data-table/cell-badge';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { columnWidth } from '@/components/data-table/report-column';
import { formatCount, formatDay, formatInstant, formatText } from '@/lib/report-format';
import type { BadgeSpec } from '../teaching-dict';

type Accessor<T> = keyof T & string;

function column<T>(accessor: string, title: string, width: number, render: (row: T) => ReactNode): ListTableColumn<T> {
  return { accessor, title, width: columnWidth(width), render };
}

/** The value as text ('-' when empty), or as `format` gives it. */
export function textColumn<T>(
  accessor: Accessor<T>,
  title: string,
  width = 120,
  format?: (row: T) => string,
): ListTableColumn<T> {
  return column<T>(accessor, title, width, (row) =>
    format ? format(row) : formatText(row[accessor] as string | number | null),
  );
}

export function countColumn<T>(accessor: Accessor<T>, title: string, width = 100): ListTableColumn<T> {
  return column<T>(accessor, title, width, (row) => formatCount(row[accessor] as number));
}

/** An instant (epoch ms) as YYYY-MM-DD HH:mm; 0 '-'. */
export function instantColumn<T>(accessor: Accessor<T>, title: string, width = 160): ListTableColumn<T> {
  return column<T>(accessor, title, width, (row) => formatInstant(row[accessor] as number));
}

/** An instant (epoch ms) as its day; 0 '-'. */
export function dayColumn<T>(accessor: Accessor<T>, title: string, width = 120): ListTableColumn<T> {
  return column<T>(accessor, title, width, (row) => formatDay(row[accessor] as number));
}

/** A badge; none '-'. */
export function badgeColumn<T>(
  accessor: string,
  title: string,
  badge: (row: T) => BadgeSpec | null,
  width = 100,
): ListTableColumn<T> {
  return column<T>(accessor, title, width, (row) => {
    const spec = badge(row);
    return spec ? <CellBadge color={spec.color} text={spec.text} /> : '-';
  });
}

/**
 * The cell's text as a link to the page of what it names (plain text where `to` gives none),
 * carrying `state` (router state) when given.
 */
export function linkColumn<T>(
  accessor: Accessor<T>,
  title: string,
  to: (row: T) => string | null,
  width = 140,
  state?: (row: T) => unknown,
): ListTableColumn<T> {
  return column<T>(accessor, title, width, (row) => {
    const target = to(row);
    const text = formatText(row[accessor] as string | number | null);
    return target ? (
      <Anchor component={Link} to={target} state={state?.(row)} size="sm">
        {text}
      </Anchor>
    ) : (
      text
    );
  });
}

/** The actions of a row (not hidden by the column settings). */
export function actionColumn<T>(render: (row: T) => ReactNode, width = 120): ListTableColumn<T> {
  return { ...column<T>('actions', '操作', width, render), toggleable: false, resizable: false };
}

/** Two counts as `part/whole`. */
export const ratio = (part: number, whole: number) => `${formatCount(part)}/${formatCount(whole)}`;
