import { Alert, Autocomplete, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { Colleague } from '@/generated/Colleague';
import type { SharedUser } from '@/generated/SharedUser';
import { showSuccess } from '@/lib/toast';
import { useColleagues, useShareExam } from '../api/share';
import { SEARCH_DELAY_MS } from '../exam-dict';

export interface ShareModalProps {
  examId: number;
  sharedWith: SharedUser[];
  opened: boolean;
  onClose: () => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * 共享 (publisher only): the colleagues who may read the exam and record results. Colleagues are
 * found by name or e-mail (debounced) or typed as an e-mail; 保存 replaces the list.
 */
export function ShareModal({ opened, onClose, ...body }: ShareModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="共享给同事" size="lg" centered>
      {opened && <ShareBody {...body} onClose={onClose} />}
    </Modal>
  );
}

function ShareBody({ examId, sharedWith, onClose }: Omit<ShareModalProps, 'opened'>) {
  const share = useShareExam(examId);
  const [users, setUsers] = useState<SharedUser[]>(sharedWith);
  const [text, setText] = useState('');
  const [keyword] = useDebouncedValue(text, SEARCH_DELAY_MS);
  const colleagues = useColleagues(keyword, true);
  const [inputError, setInputError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const chosen = new Set(users.map((u) => u.email.toLowerCase()));
  const found = new Map<string, Colleague>();
  for (const c of colleagues.data ?? []) if (!chosen.has(c.email.toLowerCase())) found.set(c.email, c);

  const add = (address: string) => {
    const email = address.trim();
    if (!EMAIL.test(email)) {
      setInputError('请选择同事或输入有效的邮箱');
      return;
    }
    setInputError(null);
    if (!chosen.has(email.toLowerCase())) setUsers((u) => [...u, { email, name: found.get(email)?.name ?? '' }]);
    setText('');
  };

  const save = () => {
    setError(null);
    share.mutate(
      users.map((u) => u.email),
      {
        onSuccess: (saved) => {
          showSuccess(saved.length > 0 ? `已共享给 ${saved.length} 位同事` : '已取消共享');
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Stack>
      <Group align="flex-end" wrap="nowrap">
        <Autocomplete
          label="同事"
          placeholder="输入姓名或邮箱搜索"
          value={text}
          onChange={(value) => {
            setText(value);
            setInputError(null);
          }}
          onOptionSubmit={add}
          data={[...found.keys()]}
          filter={({ options }) => options}
          renderOption={({ option }) => {
            const c = found.get(option.value);
            return (
              <Text size="sm">
                {c?.name ?? option.value}{' '}
                <Text span c="dimmed" size="sm">
                  {option.value}
                </Text>
              </Text>
            );
          }}
          error={inputError}
          style={{ flex: 1 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button variant="default" onClick={() => add(text)} disabled={!text.trim()}>
          添加
        </Button>
      </Group>
      {users.length === 0 ? (
        <Text size="sm" c="dimmed">
          尚未共享给同事
        </Text>
      ) : (
        <Table aria-label="共享的同事" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>姓名</Table.Th>
              <Table.Th>邮箱</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((u) => (
              <Table.Tr key={u.email}>
                <Table.Td>{u.name || '-'}</Table.Td>
                <Table.Td>{u.email}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`移除${u.name || u.email}`}
                    onClick={() => setUsers((list) => list.filter((x) => x.email !== u.email))}
                  >
                    移除
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {error && (
        <Alert color="red" title="共享失败" role="alert">
          {error}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        共享的同事可以查看考试、录入成绩；保存后替换原有的共享名单。
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          取消
        </Button>
        <Button onClick={save} loading={share.isPending}>
          保存
        </Button>
      </Group>
    </Stack>
  );
}
