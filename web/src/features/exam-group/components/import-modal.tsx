import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { ExamGroup } from '@/generated/ExamGroup';
import { useImportGroup } from '../api/import-group';
import { EXAM_LIMITS } from '../exam-dict';
import { importReport, isWorkbook, type ImportReport } from '../import-report';

export interface ImportModalProps {
  opened: boolean;
  onClose: () => void;
  /** The group the import made (shown once the report is closed). */
  onImported: (group: ExamGroup) => void;
}

/**
 * 导入分组: a group's name and an .xlsx with the columns 学号 and 姓名. The good rows make the
 * group; the report lists each row not imported with its number and why. A file refused whole
 * says why in the dialog.
 */
export function ImportModal({ opened, onClose, onImported }: ImportModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="导入分组" size="lg" centered>
      {opened && <ImportBody onClose={onClose} onImported={onImported} />}
    </Modal>
  );
}

function ImportBody({ onClose, onImported }: Omit<ImportModalProps, 'opened'>) {
  const run = useImportGroup();
  const [groupName, setGroupName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ groupName?: string; file?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ group: ExamGroup; report: ImportReport } | null>(null);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const name = groupName.trim();
    const next: typeof errors = {};
    if (!name) next.groupName = '请输入分组名称';
    if (!file) next.file = '请选择 .xlsx 文件';
    else if (!isWorkbook(file.name)) next.file = '请选择 .xlsx 文件';
    setErrors(next);
    setFailure(null);
    if (next.groupName || next.file || !file) return;
    run.mutate(
      { file, groupName: name },
      {
        onSuccess: (result) => setDone({ group: result.group, report: importReport(result) }),
        onError: (err) => setFailure(err.message),
      },
    );
  };

  if (done) {
    const finish = () => {
      onImported(done.group);
      onClose();
    };
    return (
      <Stack>
        <Alert color={done.report.rows.length > 0 ? 'yellow' : 'green'} title="导入完成" role="status">
          {done.report.summary}
        </Alert>
        {done.report.rows.length > 0 && (
          <Table aria-label="未导入的行" verticalSpacing={4} striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={100}>行号</Table.Th>
                <Table.Th>原因</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {done.report.rows.map((r) => (
                <Table.Tr key={r.row} aria-label={r.row}>
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>{r.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button onClick={finish}>完成</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label="分组名称"
          maxLength={EXAM_LIMITS.name}
          value={groupName}
          onChange={(e) => setGroupName(e.currentTarget.value)}
          error={errors.groupName}
          data-autofocus
        />
        <FileInput
          label="学生名单"
          placeholder="选择 .xlsx 文件"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={setFile}
          error={errors.file}
          clearable
        />
        <Text size="xs" c="dimmed">
          第1行为表头，需有「学号」和「姓名」两列；每行一名本校区的学生。文件不超过 5 MB。
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
