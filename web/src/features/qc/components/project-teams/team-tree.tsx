import { ActionIcon, Badge, Button, Group, Loader, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { ProjectTeamRow } from '@/generated/ProjectTeamRow';
import { showSuccess } from '@/lib/toast';
import { useDeleteTeams, useTeamsBySchool } from '../../api/project-teams';
import { NO_TEAM } from '../../member-search';
import { ALL } from '../../qc-search';
import { type TeamEditing, TeamModal } from './team-modal';

/** Where the tree points: every member, a school's, a team's, or a school's staff in no team. */
export interface TeamPick {
  schoolId: number;
  /** null: the whole school. */
  groupId: number | null;
}

export interface TeamTreeProps {
  picked: TeamPick;
  onPick: (pick: TeamPick) => void;
}

/** The teams of each school (`findGroupListV2`): picked to list their members; added, edited, deleted. */
export function TeamTree({ picked, onPick }: TeamTreeProps) {
  const query = useTeamsBySchool();
  const remove = useDeleteTeams();
  const [editing, setEditing] = useState<TeamEditing | null>(null);
  const [deleting, setDeleting] = useState<ProjectTeamRow | null>(null);
  const is = (schoolId: number, groupId: number | null) => picked.schoolId === schoolId && picked.groupId === groupId;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate([deleting.id], {
      onSuccess: () => {
        showSuccess('项目组已删除');
        if (picked.groupId === deleting.id) onPick({ schoolId: deleting.schoolId, groupId: null });
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="xs" component="nav" aria-label="项目组">
      <Group justify="space-between">
        <Text fw={500}>项目组</Text>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => setEditing({ schoolId: picked.schoolId === ALL ? null : picked.schoolId })}
        >
          新增项目组
        </Button>
      </Group>
      <ScrollArea.Autosize mah="calc(100vh - 220px)">
        <NavLink label="全部员工" active={is(ALL, null)} onClick={() => onPick({ schoolId: ALL, groupId: null })} />
        {query.isPending && <Loader size="xs" aria-label="加载中" />}
        {(query.data ?? []).map((school) => (
          <NavLink
            key={school.schoolId}
            label={school.schoolName}
            defaultOpened
            active={is(school.schoolId, null)}
            onClick={() => onPick({ schoolId: school.schoolId, groupId: null })}
          >
            {school.teams.map((team) => (
              <NavLink
                key={team.id}
                active={is(school.schoolId, team.id)}
                onClick={() => onPick({ schoolId: school.schoolId, groupId: team.id })}
                label={
                  <Group gap={4} wrap="nowrap" justify="space-between">
                    <Text size="sm" truncate>
                      {team.name}
                    </Text>
                    <Badge size="xs" variant="light">
                      {team.memberCount}
                    </Badge>
                  </Group>
                }
                rightSection={
                  <Group gap={0} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      aria-label={`编辑 ${team.name}`}
                      onClick={() => setEditing({ team })}
                    >
                      ✎
                    </ActionIcon>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={`删除 ${team.name}`}
                      onClick={() => setDeleting(team)}
                    >
                      ✕
                    </ActionIcon>
                  </Group>
                }
              />
            ))}
            <NavLink
              label="未分组员工"
              active={is(school.schoolId, NO_TEAM)}
              onClick={() => onPick({ schoolId: school.schoolId, groupId: NO_TEAM })}
            />
          </NavLink>
        ))}
      </ScrollArea.Autosize>
      <TeamModal editing={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="删除项目组"
        message={deleting ? `确定删除项目组“${deleting.name}”吗？组内${deleting.memberCount}名员工将变为未分组。` : ''}
        confirmLabel="删除"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
