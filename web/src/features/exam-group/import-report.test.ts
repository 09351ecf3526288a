import { describe, expect, it } from 'vitest';
import { importReport, isWorkbook, rowLabel } from './import-report';
import { examGroup } from './test-helpers';

describe('importReport', () => {
  it('says what was imported and lists the rows not imported in the sheet’s order', () => {
    const report = importReport({
      group: examGroup(3, { groupName: '导入组', memberCount: 2 }),
      added: 2,
      errors: [
        { row: 5, reason: '与第2行的学号重复' },
        { row: 3, reason: '姓名与学号S20002不符' },
        { row: 4, reason: '学号S99999不存在或不是本校区的学生' },
      ],
    });
    expect(report.summary).toBe('已创建分组「导入组」，导入 2 名学生，3 行未导入');
    expect(report.rows).toEqual([
      { row: '第3行', reason: '姓名与学号S20002不符' },
      { row: '第4行', reason: '学号S99999不存在或不是本校区的学生' },
      { row: '第5行', reason: '与第2行的学号重复' },
    ]);
  });

  it('a clean import has no rows', () => {
    const report = importReport({ group: examGroup(3, { groupName: 'A' }), added: 30, errors: [] });
    expect(report).toEqual({ summary: '已创建分组「A」，导入 30 名学生', rows: [] });
  });

  it('numbers rows as the spreadsheet does and takes .xlsx only', () => {
    expect(rowLabel(12)).toBe('第12行');
    expect(isWorkbook('名单.xlsx')).toBe(true);
    expect(isWorkbook('名单.XLSX')).toBe(true);
    expect(isWorkbook('名单.xls')).toBe(false);
    expect(isWorkbook('名单.csv')).toBe(false);
  });
});
