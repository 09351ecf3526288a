import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { ExamGroup } from '@/generated/ExamGroup';
import { useSaveGroup } from '../api/groups';
import { EXAM_LIMITS } from '../exam-dict';

export interface GroupNameModalProps {
  opened: boolean;
  onClose: () => void;
  /** The group renamed; none: a new group. */
  group?: ExamGroup | null;
  onSaved: (group: ExamGroup) => void;
}

/** 新建分组 / 重命名: the group's name; a name already used is refused by the server (409). */
export function GroupNameModal({ opened, onClose, group = null, onSaved }: GroupNameModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={group ? '重命名分组' : '新建分组'} centered>
      {opened && <NameForm group={group} onSaved={onSaved} onClose={onClose} />}
    </Modal>
  );
}

function NameForm({
  group,
  onSaved,
  onClose,
}: {
  group: ExamGroup | null;
  onSaved: (group: ExamGroup) => void;
  onClose: () => void;
}) {
  const save = useSaveGroup();
  const [name, setName] = useState(group?.groupName ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const groupName = name.trim();
    if (!groupName) {
      setError('请输入分组名称');
      return;
    }
    setError(null);
    save.mutate(group ? { id: group.id, groupName } : { groupName }, {
      onSuccess: onSaved,
      onError: (err) => setError(err.message),
    });
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label="分组名称"
          placeholder="例如：高二数学A组"
          maxLength={EXAM_LIMITS.name}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={save.isPending}>
            保存
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
