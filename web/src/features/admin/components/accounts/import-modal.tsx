import { Alert, Button, CopyButton, FileInput, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { saveBlob } from '@/features/download/download-file';
import type { AccountImportResult } from '@/generated/AccountImportResult';
import { useImportAccounts } from '../../api/invitations';
import { fullLink, invitationsCsv } from '../../one-time-link';

/** The largest workbook the server reads. */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

function workbookError(file: File | null): string | null {
  if (!file || !file.name.toLowerCase().endsWith('.xlsx')) return '请选择 .xlsx 文件';
  if (file.size > IMPORT_MAX_BYTES) return '文件不能超过 5 MB';
  return null;
}

function ImportReport({ result, onClose }: { result: AccountImportResult; onClose: () => void }) {
  const download = () =>
    saveBlob(new Blob([invitationsCsv(result.invited)], { type: 'text/csv;charset=utf-8' }), 'invitations.csv');
  return (
    <Stack>
      <Alert color={result.errors.length > 0 ? 'yellow' : 'green'} title="导入完成" role="status">
        共 {result.total} 行，已邀请 {result.invited.length} 人，{result.errors.length}{' '}
        行未导入。邀请链接只显示这一次，请复制或下载。
      </Alert>
      {result.invited.length > 0 && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={6}>已邀请</Title>
            <Button size="xs" variant="light" onClick={download}>
              下载邀请链接（CSV）
            </Button>
          </Group>
          <Table aria-label="已邀请" verticalSpacing={4} striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>行号</Table.Th>
                <Table.Th>邮箱</Table.Th>
                <Table.Th>邀请链接</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.invited.map((r) => (
                <Table.Tr key={r.line} aria-label={r.email}>
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="xs" truncate maw={260} title={fullLink(r.link.path)}>
                        {fullLink(r.link.path)}
                      </Text>
                      <CopyButton value={fullLink(r.link.path)}>
                        {({ copied, copy }) => (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={copy}
                            aria-label={`复制 ${r.email} 的链接`}
                          >
                            {copied ? '已复制' : '复制'}
                          </Button>
                        )}
                      </CopyButton>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      {result.errors.length > 0 && (
        <Stack gap="xs">
          <Title order={6}>未导入的行</Title>
          <Table aria-label="未导入的行" verticalSpacing={4} striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>行号</Table.Th>
                <Table.Th>原因</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.errors.map((e) => (
                <Table.Tr key={e.line} aria-label={`第${e.line}行`}>
                  <Table.Td>{e.line}</Table.Td>
                  <Table.Td>{e.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>完成</Button>
      </Group>
    </Stack>
  );
}

function ImportBody({ onClose }: { onClose: () => void }) {
  const run = useImportAccounts();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<AccountImportResult | null>(null);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const problem = workbookError(file);
    setError(problem);
    setFailure(null);
    if (problem || !file) return;
    run.mutate(file, { onSuccess: setResult, onError: (err) => setFailure(err.message) });
  };

  if (result) return <ImportReport result={result} onClose={onClose} />;
  return (
    <form onSubmit={submit}>
      <Stack>
        <FileInput
          label="账号名单"
          placeholder="选择 .xlsx 文件"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={setFile}
          error={error}
          clearable
        />
        <Text size="xs" c="dimmed">
          第1行为表头，需有「邮箱」「角色」「校区」三列，「学段」「学科」可选；多个角色或校区用顿号分隔。每个好的行生成一个邀请链接，文件不超过
          5 MB。
        </Text>
        {failure && (
          <Alert color="red" title="导入失败" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={run.isPending}>
            导入
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface ImportModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 批量导入: an .xlsx of e-mails with their roles and schools, each good row an invitation (its
 * link listed once, and downloadable as CSV), each bad row listed with its line and why.
 */
export function ImportModal({ opened, onClose }: ImportModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="批量导入账号" size="xl" centered>
      {opened && <ImportBody onClose={onClose} />}
    </Modal>
  );
}
