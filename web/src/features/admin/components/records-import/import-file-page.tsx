import { Alert, Badge, Button, FileInput, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { ImportResult } from '@/generated/ImportResult';
import { isContentAdmin, useSession } from '@/lib/session';
import { useImportRecords } from '../../api/records-import';
import { IMPORT_KINDS, importFileProblem } from '../../import-kinds';
import { ImportResultView } from './import-result';

/**
 * 导入文件 (/batchImport/importFile): an administrator imports the data centre's source records —
 * lessons, attendance, refunds, service punches, preparations, trial lessons — from a CSV file
 * (admin/records/import/{kind}). The kind's columns are listed; the file is checked before it is
 * sent; the answer says how many rows were stored and lists each refused line with its reason.
 */
export function ImportFilePage({ title }: { title: string }) {
  const admin = useSession((s) => isContentAdmin(s.user));
  const run = useImportRecords();
  const [kind, setKind] = useState(IMPORT_KINDS[0]?.kind ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const chosen = IMPORT_KINDS.find((k) => k.kind === kind);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const why = importFileProblem(file);
    setProblem(why);
    if (why || !file) return;
    setResult(null);
    // A refusal: the import call has shown the server's message.
    run.mutate({ kind, file }, { onSuccess: setResult });
  };

  return (
    <Stack p="md" gap="md" maw={1080}>
      <Title order={4}>{title}</Title>
      {!admin && (
        <Alert color="yellow" variant="light">
          只有管理员可以导入数据；如需导入，请联系管理员。
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <form onSubmit={submit} aria-label="导入文件">
          <Stack gap="sm">
            <div>
              <Text size="sm" fw={500} mb={4}>
                数据类型
              </Text>
              <SegmentedControl
                aria-label="数据类型"
                data={IMPORT_KINDS.map((k) => ({ value: k.kind, label: k.name }))}
                value={kind}
                onChange={(v) => {
                  setKind(v);
                  setResult(null);
                }}
              />
            </div>
            {chosen && (
              <Stack gap={6} role="region" aria-label="文件格式">
                <Text size="sm">{chosen.summary}</Text>
                <Group gap={4}>
                  <Text size="xs" c="dimmed">
                    必填列：
                  </Text>
                  {chosen.required.map((c) => (
                    <Badge key={c} size="sm" variant="light" color="red" tt="none">
                      {c}
                    </Badge>
                  ))}
                </Group>
                <Group gap={4}>
                  <Text size="xs" c="dimmed">
                    选填列：
                  </Text>
                  {chosen.optional.map((c) => (
                    <Badge key={c} size="sm" variant="light" color="gray" tt="none">
                      {c}
                    </Badge>
                  ))}
                </Group>
                <Text size="xs" c="dimmed">
                  文件为 UTF-8 编码的 CSV，第 1
                  行是列名（顺序不限）；每行单独校验，正确的行一并保存，有误的行不保存并列出原因。
                </Text>
              </Stack>
            )}
            <FileInput
              label="CSV 文件"
              placeholder="选择 .csv 文件"
              accept=".csv,text/csv"
              clearable
              value={file}
              onChange={(f) => {
                setFile(f);
                setProblem(null);
              }}
              error={problem}
              maw={420}
            />
            <Group>
              <Button type="submit" loading={run.isPending} disabled={!admin}>
                开始导入
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {result && (
        <ImportResultView
          result={result}
          kindName={IMPORT_KINDS.find((k) => k.kind === result.kind)?.name ?? result.kind}
        />
      )}
    </Stack>
  );
}
