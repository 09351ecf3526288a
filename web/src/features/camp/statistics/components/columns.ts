// The columns of the statistics' tables: text ('-' when empty), counts, rates, scores, instants
// (badges and buttons of cells: ./cells).

import type { ReactNode } from 'react';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { columnWidth } from '@/components/data-table/report-column';
import { formatCount, formatInstant, formatText } from '@/lib/report-format';
import { formatCampRate, formatScore } from '../stats-format';

type Accessor<T> = keyof T & string;

export function column<T>(
  accessor: string,
  title: string,
  width: number,
  render: (row: T) => ReactNode,
): ListTableColumn<T> {
  return { accessor, title, width: columnWidth(width), render };
}

export function textColumn<T>(accessor: Accessor<T>, title: string, width = 120): ListTableColumn<T> {
  return column<T>(accessor, title, width, (row) => formatText(row[accessor] as string | number | null));
}

export function countColumn<T>(accessor: Accessor<T>, title: string, width = 100): ListTableColumn<T> {
  return column<T>(accessor, title, width, (row) => formatCount(row[accessor] as number));
}

export function rateColumn<T>(accessor: Accessor<T>, title: string, width = 100): ListTableColumn<T> {
  return column<T>(accessor, title, width, (row) => formatCampRate(row[accessor] as number));
}

export function scoreColumn<T>(accessor: Accessor<T>, title: string, width = 100): ListTableColumn<T> {
  return column<T>(accessor, title, width, (row) => formatScore(row[accessor] as number | null));
}

export function instantColumn<T>(accessor: Accessor<T>, title: string, width = 160): ListTableColumn<T> {
  return column<T>(accessor, title, width, (row) => formatInstant(row[accessor] as number | null));
}
