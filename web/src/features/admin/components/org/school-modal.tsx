import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { AdminSchool } from '@/generated/AdminSchool';
import type { OrgTree } from '@/generated/OrgTree';
import { showSuccess } from '@/lib/toast';
import { useSaveSchool } from '../../api/org';

/** The provinces grouped by region (大区), as select options. */
function provinceOptions(org: OrgTree) {
  const regions = [...new Set(org.provinces.map((p) => p.areaName))];
  return regions.map((region) => ({
    group: region || '其他',
    items: org.provinces.filter((p) => p.areaName === region).map((p) => ({ value: p.code, label: p.name })),
  }));
}

interface SchoolFormProps {
  org: OrgTree;
  school: AdminSchool | null;
  onDone: () => void;
}

function SchoolForm({ org, school, onDone }: SchoolFormProps) {
  const [name, setName] = useState(school?.name ?? '');
  const [provinceCode, setProvinceCode] = useState<string | null>(school?.provinceCode ?? null);
  const [groupId, setGroupId] = useState<string | null>(school?.groupId !== undefined ? String(school.groupId) : null);
  const [localEdition, setLocalEdition] = useState(school?.localEdition ?? false);
  const [errors, setErrors] = useState<{ name?: string; province?: string }>({});
  const save = useSaveSchool();

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    const found = {
      ...(trimmed ? {} : { name: '请输入校区名称' }),
      ...(provinceCode ? {} : { province: '请选择省份' }),
    };
    setErrors(found);
    if (!trimmed || !provinceCode) return;
    save.mutate(
      {
        ...(school ? { id: school.id } : {}),
        name: trimmed,
        provinceCode,
        ...(groupId ? { groupId: Number(groupId) } : {}),
        localEdition,
      },
      {
        onSuccess: () => {
          showSuccess(school ? '校区已保存' : '校区已创建');
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="校区名称"
          withAsterisk
          maxLength={50}
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        <Select
          label="省份"
          withAsterisk
          searchable
          data={provinceOptions(org)}
          value={provinceCode}
          error={errors.province}
          onChange={setProvinceCode}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="所属分组"
          placeholder="不分组"
          clearable
          data={org.groups.map((g) => ({ value: String(g.id), label: g.name }))}
          value={groupId}
          onChange={setGroupId}
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          label="本地版"
          description="本地版校区的名称显示为「本地版-校区名」"
          checked={localEdition}
          onChange={(e) => setLocalEdition(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
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

export interface SchoolModalProps {
  org: OrgTree;
  /** A school to edit, 'new' for a new one, or null: closed. */
  editing: AdminSchool | 'new' | null;
  onClose: () => void;
}

/** 新增校区 / 编辑校区: name, province, group and local edition. */
export function SchoolModal({ org, editing, onClose }: SchoolModalProps) {
  const school = editing === 'new' ? null : editing;
  return (
    <Modal opened={editing !== null} onClose={onClose} title={school ? '编辑校区' : '新增校区'} centered>
      {editing !== null && <SchoolForm key={school?.id ?? 'new'} org={org} school={school} onDone={onClose} />}
    </Modal>
  );
}
