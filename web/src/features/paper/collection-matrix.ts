// The collection statistics as a matrix of counts: each paper type (and all of them) against each
// audit state (and all of them). Each cell is one search of paper/collection; the figures derived
// from the counts (the pass rate) are computed here, never shown without their counts.

import type { PaperCollectionRequest } from '@/generated/PaperCollectionRequest';
import { EMPTY } from '@/lib/format';
import { formatUsageRate } from '@/lib/report-format';
import { AUDIT_STATUS, AUDIT_STATUSES } from './audit-dict';
import { PAPER_TYPES } from './paper-rules';

/** A row of the matrix: a paper type, or null for all of them. */
export const MATRIX_TYPES: readonly (number | null)[] = [null, ...PAPER_TYPES.map((t) => t.code)];
/** A column of the matrix: an audit state, or null for all of them. */
export const MATRIX_STATUSES: readonly (number | null)[] = [null, ...AUDIT_STATUSES.map((s) => s.status)];

/** The searches of every cell, row by row (`mine`: only the caller's own papers). */
export function matrixSearches(mine: boolean): PaperCollectionRequest[] {
  return MATRIX_TYPES.flatMap((paperType) =>
    MATRIX_STATUSES.map((auditStatus) => ({
      ...(mine ? { mine: true } : {}),
      ...(paperType !== null ? { paperType } : {}),
      ...(auditStatus !== null ? { auditStatus } : {}),
    })),
  );
}

/** One row's counts by state (undefined: not read). */
export interface MatrixRow {
  paperType: number | null;
  total: number | undefined;
  byStatus: ReadonlyMap<number, number | undefined>;
}

/** The rows of the totals `matrixSearches` answered, in the same order. */
export function matrixRows(totals: readonly (number | undefined)[]): MatrixRow[] {
  const width = MATRIX_STATUSES.length;
  return MATRIX_TYPES.map((paperType, row) => {
    const cells = totals.slice(row * width, row * width + width);
    const byStatus = new Map<number, number | undefined>();
    MATRIX_STATUSES.forEach((status, col) => {
      if (status !== null) byStatus.set(status, cells[col]);
    });
    return { paperType, total: cells[0], byStatus };
  });
}

/** Approved of the papers the audit settled (approved or refused); '-' while unread or none settled. */
export function passRate(row: MatrixRow): string {
  const approved = row.byStatus.get(AUDIT_STATUS.approved);
  const refused = row.byStatus.get(AUDIT_STATUS.refused);
  if (approved === undefined || refused === undefined || approved + refused === 0) return EMPTY;
  return formatUsageRate(approved / (approved + refused));
}
