// What the statistics' table cells draw besides text: a progress badge, a button that opens
// what the cell names.

import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { CellBadge } from '@/components/data-table/cell-badge';

/** `CAMP_PROGRESS` colours: 未开始 grey, 进行中 blue, 已完成 green. */
const PROGRESS_COLORS: Record<number, string> = { 0: 'gray', 1: 'blue', 2: 'teal' };

export function ProgressBadge({ code, name }: { code: number; name: string }) {
  return name ? <CellBadge color={PROGRESS_COLORS[code] ?? 'gray'} text={name} /> : '-';
}

/** A cell drawn as a button that opens what it names. */
export function CellButton({ onClick, label, children }: { onClick: () => void; label?: string; children: ReactNode }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onClick} aria-label={label}>
      {children}
    </Anchor>
  );
}
