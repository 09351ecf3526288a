import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { QcGroupRow } from '@/generated/QcGroupRow';
import { useSession } from '@/lib/session';
import { showSuccess } from '@/lib/toast';
import { useSaveQcGroup } from '../../api/qc-groups';
import {
  type QcGroupErrors,
  qcGroupErrors,
  type QcGroupValues,
  qcGroupValues,
  toQcGroupSave,
} from '../../qc-group-form';
import { SchoolSelect } from '../school-select';
import { StaffPicker } from './staff-picker';

interface QcGroupFormProps {
  group: QcGroupRow | null;
  onDone: () => void;
}

function QcGroupForm({ group, onDone }: QcGroupFormProps) {
  const schools = useSession((s) => s.user?.schoolList) ?? [];
  const onlySchool = schools.length === 1 ? (schools[0]?.id ?? null) : null;
  const [values, setValues] = useState<QcGroupValues>(() => qcGroupValues(group, onlySchool));
  const [errors, setErrors] = useState<QcGroupErrors>({});
  const save = useSaveQcGroup();
  const edit = (patch: Partial<QcGroupValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = () => {
    const found = qcGroupErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || values.schoolId === null) return;
    save.mutate(toQcGroupSave({ ...values, schoolId: values.schoolId }, group?.id), {
      onSuccess: () => {
        showSuccess('质检组已保存');
        onDone();
      },
    });
  };
  const schoolId = values.schoolId ?? -1;

  return (
    <Stack gap="sm">
      <TextInput
        label="质检组名称"
        withAsterisk
        value={values.name}
        error={errors.name}
        onChange={(e) => edit({ name: e.currentTarget.value })}
      />
      <SchoolSelect
        value={values.schoolId}
        required
        w={300}
        error={errors.schoolId}
        onChange={(id) => edit({ schoolId: id })}
      />
      <StaffPicker
        label="被质检员工"
        schoolId={schoolId}
        value={values.members}
        onChange={(members) => edit({ members })}
      />
      <StaffPicker
        label="质检负责人"
        required
        inspectors
        schoolId={schoolId}
        value={values.responsibleList}
        error={errors.responsibleList}
        onChange={(responsibleList) => edit({ responsibleList })}
      />
      <Textarea
        label="备注"
        autosize
        minRows={2}
        maxLength={200}
        value={values.remark}
        onChange={(e) => edit({ remark: e.currentTarget.value })}
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

export interface QcGroupModalProps {
  /** 'new', a team to edit, or null: closed. */
  editing: 'new' | QcGroupRow | null;
  onClose: () => void;
}

/** 新增质检组 / 编辑质检组. A member added here leaves any other QC team. */
export function QcGroupModal({ editing, onClose }: QcGroupModalProps) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? '新增质检组' : '编辑质检组'}
      size="lg"
    >
      {editing !== null && (
        <QcGroupForm
          key={editing === 'new' ? 'new' : editing.id}
          group={editing === 'new' ? null : editing}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
