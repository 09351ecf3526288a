import { ActionIcon, Button, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { AdminSchool } from '@/generated/AdminSchool';
import { showSuccess } from '@/lib/toast';
import { useDeleteArea, useDeleteDepartment, useSaveArea, useSaveDepartment } from '../../api/org';
import { NameModal } from '../name-modal';

/** A teaching site (code) or a department (id) of the school. */
type Unit = { kind: 'area'; code: string; name: string } | { kind: 'department'; id: number; name: string };

const KIND_LABEL = { area: '教学点', department: '部门' } as const;

interface UnitListProps {
  title: string;
  units: Unit[];
  onAdd: () => void;
  onRename: (unit: Unit) => void;
  onDelete: (unit: Unit) => void;
}

function UnitList({ title, units, onAdd, onRename, onDelete }: UnitListProps) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>{title}</Title>
        <Button size="xs" variant="light" onClick={onAdd}>
          新增{title}
        </Button>
      </Group>
      {units.length === 0 ? (
        <Text size="sm" c="dimmed">
          暂无{title}
        </Text>
      ) : (
        <Table aria-label={title} withTableBorder striped verticalSpacing={4}>
          <Table.Tbody>
            {units.map((u) => (
              <Table.Tr key={u.kind === 'area' ? u.code : u.id} aria-label={u.name}>
                <Table.Td>{u.name}</Table.Td>
                <Table.Td w={120}>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={`重命名 ${u.name}`}
                      onClick={() => onRename(u)}
                    >
                      重命名
                    </Button>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={`删除 ${u.name}`}
                      onClick={() => onDelete(u)}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export interface SchoolUnitsProps {
  /** The school whose sites and departments are shown; null: closed. */
  school: AdminSchool | null;
  onClose: () => void;
}

/**
 * A school's teaching sites (教学点) and departments (部门): added, renamed, deleted (after a
 * confirmation; the server refuses a site a record names or a department somebody is placed in).
 */
export function SchoolUnits({ school, onClose }: SchoolUnitsProps) {
  const [naming, setNaming] = useState<{ kind: Unit['kind']; unit: Unit | null } | null>(null);
  const [deleting, setDeleting] = useState<Unit | null>(null);
  const saveArea = useSaveArea();
  const saveDepartment = useSaveDepartment();
  const deleteArea = useDeleteArea();
  const deleteDepartment = useDeleteDepartment();

  const areas: Unit[] = (school?.areas ?? []).map((a) => ({ kind: 'area', code: a.code, name: a.name }));
  const departments: Unit[] = (school?.departments ?? []).map((d) => ({ kind: 'department', id: d.id, name: d.name }));

  const submitName = (name: string) => {
    if (!school || !naming) return;
    const done = () => {
      showSuccess(`${KIND_LABEL[naming.kind]}已保存`);
      setNaming(null);
    };
    const unit = naming.unit;
    if (naming.kind === 'area') {
      const code = unit?.kind === 'area' ? unit.code : undefined;
      saveArea.mutate({ schoolId: school.id, ...(code ? { code } : {}), name }, { onSuccess: done });
    } else {
      const id = unit?.kind === 'department' ? unit.id : undefined;
      saveDepartment.mutate({ schoolId: school.id, ...(id ? { id } : {}), name }, { onSuccess: done });
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const done = () => {
      showSuccess(`${KIND_LABEL[deleting.kind]}已删除`);
      setDeleting(null);
    };
    if (deleting.kind === 'area') deleteArea.mutate({ code: deleting.code }, { onSuccess: done });
    else deleteDepartment.mutate({ id: deleting.id }, { onSuccess: done });
  };

  return (
    <Drawer
      opened={school !== null}
      onClose={onClose}
      title={school ? `${school.name} · 教学点与部门` : ''}
      position="right"
      size="md"
    >
      <Stack gap="lg">
        <UnitList
          title="教学点"
          units={areas}
          onAdd={() => setNaming({ kind: 'area', unit: null })}
          onRename={(unit) => setNaming({ kind: 'area', unit })}
          onDelete={setDeleting}
        />
        <UnitList
          title="部门"
          units={departments}
          onAdd={() => setNaming({ kind: 'department', unit: null })}
          onRename={(unit) => setNaming({ kind: 'department', unit })}
          onDelete={setDeleting}
        />
      </Stack>
      <NameModal
        title={naming ? `${naming.unit ? '重命名' : '新增'}${KIND_LABEL[naming.kind]}` : null}
        label={naming ? `${KIND_LABEL[naming.kind]}名称` : ''}
        initial={naming?.unit?.name ?? ''}
        maxLength={50}
        busy={saveArea.isPending || saveDepartment.isPending}
        onSubmit={submitName}
        onClose={() => setNaming(null)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={deleting ? `删除${KIND_LABEL[deleting.kind]}` : ''}
        message={deleting ? `确定删除「${deleting.name}」吗？删除后不可恢复。` : ''}
        confirmLabel="删除"
        busy={deleteArea.isPending || deleteDepartment.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Drawer>
  );
}
