import { Alert, Stack, Title } from '@mantine/core';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import type { ImportResult } from '@/generated/ImportResult';
import type { ImportRowError } from '@/generated/ImportRowError';
import { formatCount, formatText } from '@/lib/report-format';

const ERROR_COLUMNS: ListTableColumn<ImportRowError>[] = [
  { accessor: 'line', title: '行号', width: 80, render: (e) => formatCount(e.line) },
  { accessor: 'reason', title: '原因', width: 480, render: (e) => formatText(e.reason) },
];

/** What an import did: rows read and stored, then each refused line with why. */
export function ImportResultView({ result, kindName }: { result: ImportResult; kindName: string }) {
  const refused = result.errors.length;
  return (
    <Stack gap="sm" component="section" aria-label="导入结果">
      <Alert color={refused > 0 ? 'yellow' : 'green'} title={`${kindName}导入完成`} role="status">
        共读取 {formatCount(result.total)} 行，已保存 {formatCount(result.stored)} 行，{formatCount(refused)} 行未导入。
      </Alert>
      {refused > 0 && (
        <Stack gap="xs">
          <Title order={5}>未导入的行</Title>
          <ListTable<ImportRowError>
            label="未导入的行"
            storeKey="records-import-errors"
            columns={ERROR_COLUMNS}
            records={result.errors}
            idAccessor={(e) => `${e.line}-${e.reason}`}
            rowAttributes={(e) => ({ 'aria-label': `第${e.line}行` })}
            noRecordsText="没有未导入的行"
          />
        </Stack>
      )}
    </Stack>
  );
}
