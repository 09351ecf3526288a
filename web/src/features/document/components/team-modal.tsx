// 团队成员 (from a team's node of the space tree): the members with their roles. The owner adds
// colleagues by e-mail as editors or viewers, changes a member's role and removes members, and
// sees the shares of the team's items, whoever made them, to revoke (team-shares.tsx); everyone
// else reads the member list.

import { Alert, Button, Group, Loader, Modal, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { TeamMember } from '@/generated/TeamMember';
import { formatDate } from '@/lib/format';
import { showSuccess } from '@/lib/toast';
import { useAddTeamMembers, useRemoveTeamMember, useSetTeamMemberRole, useTeamMembers } from '../api/teams';
import { emailsOf } from '../drive-rules';
import { TEAM_ROLE, TEAM_ROLE_LABEL } from '../drive-dict';
import { TeamShares } from './team-shares';

export interface TeamRef {
  teamId: number;
  name: string;
  /** My role in it. */
  role: number;
}

const MEMBER_ROLES = [
  { value: String(TEAM_ROLE.editor), label: TEAM_ROLE_LABEL[TEAM_ROLE.editor] ?? '' },
  { value: String(TEAM_ROLE.viewer), label: TEAM_ROLE_LABEL[TEAM_ROLE.viewer] ?? '' },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function TeamModal({ team, onClose }: { team: TeamRef | null; onClose: () => void }) {
  return (
    <Modal
      opened={team !== null}
      onClose={onClose}
      title={team ? `团队成员 · ${team.name}` : '团队成员'}
      size="lg"
      centered
    >
      {team && <TeamBody team={team} />}
    </Modal>
  );
}

function TeamBody({ team }: { team: TeamRef }) {
  const members = useTeamMembers(team.teamId);
  const owner = team.role === TEAM_ROLE.owner;
  return (
    <Stack>
      {owner && <AddMembers teamId={team.teamId} />}
      {members.isPending && <Loader size="sm" />}
      {members.data && <MemberTable teamId={team.teamId} members={members.data} owner={owner} />}
      {owner && <TeamShares teamId={team.teamId} />}
      {!owner && (
        <Text size="xs" c="dimmed">
          只有团队所有者可以管理成员。
        </Text>
      )}
    </Stack>
  );
}

function AddMembers({ teamId }: { teamId: number }) {
  const add = useAddTeamMembers();
  const [text, setText] = useState('');
  const [role, setRole] = useState(String(TEAM_ROLE.editor));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const emails = emailsOf(text);
    const bad = emails.filter((m) => !EMAIL.test(m));
    if (emails.length === 0 || bad.length > 0) {
      setError(emails.length === 0 ? '请输入成员邮箱' : `邮箱格式不正确：${bad.join('、')}`);
      return;
    }
    setError(null);
    add.mutate(
      { teamId, emails, role: Number(role) },
      {
        onSuccess: (added) => {
          showSuccess(`已添加 ${added.length} 名成员`);
          setText('');
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label="成员邮箱"
          placeholder="多个邮箱用逗号分隔"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: 1 }}
          error={error}
        />
        <NativeSelect label="角色" data={MEMBER_ROLES} value={role} onChange={(e) => setRole(e.currentTarget.value)} />
        <Button type="submit" loading={add.isPending}>
          添加成员
        </Button>
      </Group>
    </form>
  );
}

function MemberTable({ teamId, members, owner }: { teamId: number; members: TeamMember[]; owner: boolean }) {
  const setRole = useSetTeamMemberRole();
  const remove = useRemoveTeamMember();
  const [error, setError] = useState<string | null>(null);
  const onError = (err: Error) => setError(err.message);
  return (
    <Stack gap="xs">
      <Table aria-label="团队成员" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>姓名</Table.Th>
            <Table.Th>邮箱</Table.Th>
            <Table.Th>角色</Table.Th>
            <Table.Th>加入时间</Table.Th>
            {owner && <Table.Th>操作</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => {
            const isOwner = m.role === TEAM_ROLE.owner;
            return (
              <Table.Tr key={m.userId} aria-label={m.name}>
                <Table.Td>{m.name}</Table.Td>
                <Table.Td>{m.email}</Table.Td>
                <Table.Td>
                  {owner && !isOwner ? (
                    <NativeSelect
                      size="xs"
                      aria-label={`${m.name}的角色`}
                      data={MEMBER_ROLES}
                      value={String(m.role)}
                      onChange={(e) =>
                        setRole.mutate({ teamId, userId: m.userId, role: Number(e.currentTarget.value) }, { onError })
                      }
                    />
                  ) : (
                    (TEAM_ROLE_LABEL[m.role] ?? '')
                  )}
                </Table.Td>
                <Table.Td>{formatDate(new Date(m.joinTime))}</Table.Td>
                {owner && (
                  <Table.Td>
                    {!isOwner && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        aria-label={`移除${m.name}`}
                        onClick={() => remove.mutate({ teamId, userId: m.userId }, { onError })}
                      >
                        移除
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
