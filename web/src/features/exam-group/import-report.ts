// What an import of a group from an .xlsx did, as the dialog reports it: the group made and the
// students added, then each row not added with its number (as the spreadsheet shows it) and why.

import type { GroupImportError } from '@/generated/GroupImportError';
import type { GroupImportResult } from '@/generated/GroupImportResult';

export interface ImportReportRow {
  /** 第n行 */
  row: string;
  reason: string;
}

export interface ImportReport {
  summary: string;
  /** The rows not imported, in the spreadsheet's order. */
  rows: ImportReportRow[];
}

export const rowLabel = (row: number) => `第${row}行`;

export function importReport(result: GroupImportResult): ImportReport {
  const skipped = result.errors.length;
  const summary =
    `已创建分组「${result.group.groupName}」，导入 ${result.added} 名学生` +
    (skipped > 0 ? `，${skipped} 行未导入` : '');
  const rows = [...result.errors]
    .sort((a: GroupImportError, b: GroupImportError) => a.row - b.row)
    .map((e) => ({ row: rowLabel(e.row), reason: e.reason }));
  return { summary, rows };
}

/** Only .xlsx workbooks are imported. */
export function isWorkbook(fileName: string): boolean {
  return /\.xlsx$/i.test(fileName);
}
