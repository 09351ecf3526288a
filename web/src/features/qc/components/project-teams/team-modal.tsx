import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ProjectTeamRow } from '@/generated/ProjectTeamRow';
import { showSuccess } from '@/lib/toast';
import { useSaveTeam } from '../../api/project-teams';
import { teamNameError } from '../../qc-group-form';
import { SchoolSelect } from '../school-select';

interface TeamFormProps {
  team: ProjectTeamRow | null;
  schoolId: number | null;
  onDone: () => void;
}

function TeamForm({ team, schoolId: initialSchool, onDone }: TeamFormProps) {
  const [name, setName] = useState(team?.name ?? '');
  const [schoolId, setSchoolId] = useState<number | null>(team?.schoolId ?? initialSchool);
  const [remark, setRemark] = useState(team?.remark ?? '');
  const [errors, setErrors] = useState<{ name?: string; schoolId?: string }>({});
  const save = useSaveTeam();

  const submit = () => {
    const nameError = teamNameError(name);
    const found = {
      ...(nameError ? { name: nameError } : {}),
      ...(schoolId === null ? { schoolId: '请选择学校' } : {}),
    };
    setErrors(found);
    if (schoolId === null || nameError) return;
    save.mutate(
      { ...(team ? { id: team.id } : {}), name: name.trim(), schoolId, remark: remark.trim() },
      {
        onSuccess: () => {
          showSuccess('项目组已保存');
          onDone();
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="项目组名称"
        withAsterisk
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <SchoolSelect value={schoolId} required w={300} error={errors.schoolId} onChange={setSchoolId} />
      <Textarea
        label="备注"
        autosize
        minRows={2}
        maxLength={200}
        value={remark}
        onChange={(e) => setRemark(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          取消
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          保存
        </Button>
      </Group>
    </Stack>
  );
}

export type TeamEditing = { team: ProjectTeamRow } | { schoolId: number | null };

export interface TeamModalProps {
  /** A team to edit, a new team (of a school when known), or null: closed. */
  editing: TeamEditing | null;
  onClose: () => void;
}

/** 新增项目组 / 编辑项目组. */
export function TeamModal({ editing, onClose }: TeamModalProps) {
  const team = editing && 'team' in editing ? editing.team : null;
  const schoolId = editing && 'schoolId' in editing ? editing.schoolId : null;
  return (
    <Modal opened={editing !== null} onClose={onClose} title={team ? '编辑项目组' : '新增项目组'} centered>
      {editing !== null && <TeamForm key={team?.id ?? 'new'} team={team} schoolId={schoolId} onDone={onClose} />}
    </Modal>
  );
}
