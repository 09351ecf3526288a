import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTeamsBySchool } from '../../api/project-teams';
import { teamChoices } from '../../member-search';

export interface MoveTeamModalProps {
  opened: boolean;
  title: string;
  /** Who moves, as the modal says it. */
  who: string;
  busy: boolean;
  onConfirm: (groupId: number) => void;
  onClose: () => void;
}

function MoveTeamForm({ who, busy, onConfirm, onClose }: Omit<MoveTeamModalProps, 'opened' | 'title'>) {
  const schools = useTeamsBySchool().data ?? [];
  const [groupId, setGroupId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (groupId === null) setError('请选择项目组');
    else onConfirm(Number(groupId));
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{who}</Text>
      <Select
        label="目标项目组"
        placeholder="请选择项目组"
        searchable
        data={teamChoices(schools)}
        value={groupId}
        error={error}
        onChange={setGroupId}
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          取消
        </Button>
        <Button onClick={submit} loading={busy}>
          确定
        </Button>
      </Group>
    </Stack>
  );
}

/** Picks the project team staff move into. */
export function MoveTeamModal({ opened, title, ...form }: MoveTeamModalProps) {
  return (
    <Modal opened={opened} onClose={form.onClose} title={title} centered>
      {opened && <MoveTeamForm {...form} />}
    </Modal>
  );
}
