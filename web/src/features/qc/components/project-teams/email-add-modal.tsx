import { Alert, Button, Group, Modal, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { EmailListResult } from '@/generated/EmailListResult';
import { formatText } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useFindStaffByEmails, useMoveToTeam, useTeamsBySchool } from '../../api/project-teams';
import { parsePastedEmails, pastedEmailsError } from '../../email-paste';
import { teamChoices } from '../../member-search';

function Found({ result }: { result: EmailListResult }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        找到 {result.found.length} 人{result.missing.length > 0 ? `，${result.missing.length} 个邮箱未找到` : ''}
      </Text>
      {result.found.length > 0 && (
        <Table withTableBorder fz="sm" aria-label="找到的员工">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>姓名</Table.Th>
              <Table.Th>邮箱</Table.Th>
              <Table.Th>学校</Table.Th>
              <Table.Th>当前项目组</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.found.map((s) => (
              <Table.Tr key={s.userId}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{s.email}</Table.Td>
                <Table.Td>{formatText(s.schoolName)}</Table.Td>
                <Table.Td>{formatText(s.groupName)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {result.missing.length > 0 && (
        <Alert color="yellow" variant="light" title="未找到的邮箱">
          {result.missing.join('、')}
        </Alert>
      )}
    </Stack>
  );
}

function EmailAddForm({ initialGroupId, onDone }: { initialGroupId: number | null; onDone: () => void }) {
  const schools = useTeamsBySchool().data ?? [];
  const find = useFindStaffByEmails();
  const move = useMoveToTeam();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<EmailListResult | null>(null);
  const [groupId, setGroupId] = useState<string | null>(initialGroupId === null ? null : String(initialGroupId));
  const [groupError, setGroupError] = useState<string | null>(null);

  const lookUp = () => {
    const pasted = parsePastedEmails(text);
    const problem = pastedEmailsError(pasted);
    setError(problem);
    setResult(null);
    if (!problem) find.mutate(pasted.emails, { onSuccess: setResult });
  };
  const submit = () => {
    if (!result || result.found.length === 0) return;
    if (groupId === null) {
      setGroupError('请选择项目组');
      return;
    }
    setGroupError(null);
    move.mutate(
      { userIds: result.found.map((s) => s.userId), groupId: Number(groupId) },
      {
        onSuccess: ({ changed }) => {
          showSuccess(`已将${changed}人移入项目组`);
          onDone();
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Textarea
        label="员工邮箱"
        description="每行一个，或用逗号、分号分隔，最多500个"
        autosize
        minRows={5}
        maxRows={12}
        value={text}
        error={error}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setResult(null);
        }}
      />
      <Group justify="flex-end">
        <Button variant="light" onClick={lookUp} loading={find.isPending}>
          查找员工
        </Button>
      </Group>
      {result && <Found result={result} />}
      <Select
        label="移入项目组"
        placeholder="请选择项目组"
        searchable
        data={teamChoices(schools)}
        value={groupId}
        error={groupError}
        onChange={setGroupId}
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          取消
        </Button>
        <Button onClick={submit} loading={move.isPending} disabled={!result || result.found.length === 0}>
          移入项目组
        </Button>
      </Group>
    </Stack>
  );
}

export interface EmailAddModalProps {
  opened: boolean;
  /** The team picked in the tree, offered first. */
  groupId: number | null;
  onClose: () => void;
}

/** 按邮箱批量添加: pasted e-mails → the staff found and the e-mails of nobody → the found ones into a team. */
export function EmailAddModal({ opened, groupId, onClose }: EmailAddModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="按邮箱批量添加" size="lg">
      {opened && <EmailAddForm initialGroupId={groupId} onDone={onClose} />}
    </Modal>
  );
}
