import {
  Alert,
  Autocomplete,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NativeSelect,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type SyntheticEvent, useState } from 'react';
import { Timing } from '@/generated/codes';
import type { Colleague } from '@/generated/Colleague';
import type { DocMember } from '@/generated/DocMember';
import type { DocType } from '@/lib/collab';
import { docMembersQueryOptions, useColleagues, useRemoveDocMember, useSaveDocMember } from '../api/members';

/** How long typing pauses before the colleague search is sent. */
export const COLLEAGUE_SEARCH_DELAY_MS = 300;

/** A member's right as the dialog shows it. */
const RIGHT_TEXT = { edit: '可编辑', view: '仅查看' } as const;
type Right = keyof typeof RIGHT_TEXT;

const RIGHT_OPTIONS = [
  { value: 'edit', label: RIGHT_TEXT.edit },
  { value: 'view', label: RIGHT_TEXT.view },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const rightOf = (canEdit: boolean): Right => (canEdit ? 'edit' : 'view');

export interface ShareDialogProps {
  docType: DocType;
  id: number;
  opened: boolean;
  onClose: () => void;
}

/**
 * 共享 (owner only): the document's members with their right (可编辑 / 仅查看); a colleague found
 * by name or e-mail (or an e-mail typed in full) is added with a right; a right is changed or a
 * member removed. The server reconnects a member whose right changed and closes a removed
 * member's connections. Errors of the calls are shown in the dialog.
 */
export function ShareDialog({ docType, id, opened, onClose }: ShareDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="共享给同事" size="lg" centered>
      {opened && <ShareDialogBody docType={docType} id={id} />}
    </Modal>
  );
}

function ShareDialogBody({ docType, id }: { docType: DocType; id: number }) {
  const members = useQuery(docMembersQueryOptions(docType, id));
  const save = useSaveDocMember(docType, id);
  const remove = useRemoveDocMember(docType, id);
  const [email, setEmail] = useState('');
  const [right, setRight] = useState<Right>('edit');
  const [inputError, setInputError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [keyword] = useDebouncedValue(email, COLLEAGUE_SEARCH_DELAY_MS);
  const colleagues = useColleagues(keyword, true);

  const list = members.data ?? [];
  const memberEmails = new Set(list.map((m) => m.email.toLowerCase()));
  const found = new Map<string, Colleague>();
  for (const c of colleagues.data ?? []) {
    if (!memberEmails.has(c.email.toLowerCase())) found.set(c.email, c);
  }
  const busy = save.isPending || remove.isPending;

  const nameOf = (address: string) => {
    const known = list.find((m) => m.email === address) ?? colleagues.data?.find((c) => c.email === address);
    return known?.name || address;
  };

  const fail = (e: Error) => setError(e.message || '操作失败，请稍后重试');

  const add = (event: SyntheticEvent) => {
    event.preventDefault();
    const address = email.trim();
    setError(null);
    if (!EMAIL.test(address)) {
      setInputError('请选择同事或输入有效的邮箱');
      return;
    }
    setInputError(null);
    const canEdit = right === 'edit';
    save.mutate(
      { email: address, canEdit },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `已共享给${nameOf(address)}（${RIGHT_TEXT[rightOf(canEdit)]}）`,
            autoClose: Timing.TOAST_MS,
          });
          setEmail('');
        },
        onError: fail,
      },
    );
  };

  const change = (member: DocMember, to: Right) => {
    setError(null);
    save.mutate({ email: member.email, canEdit: to === 'edit' }, { onError: fail });
  };

  const drop = (member: DocMember) => {
    setError(null);
    remove.mutate(member.email, { onError: fail });
  };

  return (
    <Stack gap="md">
      <form onSubmit={add} aria-label="添加成员">
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <Autocomplete
            label="同事"
            placeholder="输入姓名或邮箱搜索，或直接输入邮箱"
            value={email}
            onChange={(value) => {
              setEmail(value);
              setInputError(null);
            }}
            data={[...found.keys()]}
            // The server has filtered by the keyword (name or e-mail): show what it answered.
            filter={({ options }) => options}
            renderOption={({ option }) => <ColleagueOption colleague={found.get(option.value)} email={option.value} />}
            error={inputError}
            style={{ flex: 1 }}
            maxDropdownHeight={260}
            comboboxProps={{ withinPortal: true }}
          />
          <SegmentedControl
            aria-label="新成员的权限"
            data={RIGHT_OPTIONS}
            value={right}
            onChange={(value) => setRight(value as Right)}
          />
          <Button type="submit" loading={save.isPending && save.variables.email === email.trim()} disabled={busy}>
            添加
          </Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" title="操作失败" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Text fw={600} size="sm">
        已共享的同事
      </Text>
      {members.isPending ? (
        <Center mih={80}>
          <Loader size="sm" aria-label="正在加载成员" />
        </Center>
      ) : members.isError ? (
        <Alert color="orange" title="成员加载失败" role="alert">
          {members.error.message}
        </Alert>
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">
          尚未共享给其他同事
        </Text>
      ) : (
        <Table aria-label="成员列表" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>姓名</Table.Th>
              <Table.Th>邮箱</Table.Th>
              <Table.Th>权限</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((m) => (
              <Table.Tr key={m.email}>
                <Table.Td>{m.name || m.email}</Table.Td>
                <Table.Td>{m.email}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={`${m.name || m.email}的权限`}
                    data={RIGHT_OPTIONS}
                    value={rightOf(m.canEdit)}
                    onChange={(e) => change(m, e.currentTarget.value as Right)}
                    disabled={busy}
                    size="xs"
                  />
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={`移除${m.name || m.email}`}
                    onClick={() => drop(m)}
                    disabled={busy}
                  >
                    移除
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text c="dimmed" size="xs">
        可编辑的同事与你一起实时编辑；仅查看的同事只能阅读。权限变更立即生效。
      </Text>
    </Stack>
  );
}

function ColleagueOption({ colleague, email }: { colleague: Colleague | undefined; email: string }) {
  if (!colleague) return <Text size="sm">{email}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">
        {colleague.name}
        <Text span c="dimmed" size="sm">
          {' '}
          {colleague.email}
        </Text>
      </Text>
      {colleague.schoolNames.length > 0 && (
        <Text c="dimmed" size="xs">
          {colleague.schoolNames.join('、')}
        </Text>
      )}
    </Stack>
  );
}

export interface ShareButtonProps {
  docType: DocType;
  id: number;
}

/** 共享: opens the share dialog (render it for the document's owner only). */
export function ShareButton({ docType, id }: ShareButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpened(true)}>
        共享
      </Button>
      <ShareDialog docType={docType} id={id} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
