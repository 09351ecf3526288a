import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { toListColumns } from '@/components/data-table/report-column';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Limits } from '@/generated/codes';
import type { ServiceCondition } from '@/generated/ServiceCondition';
import type { ServiceType } from '@/generated/ServiceType';
import { showSuccess } from '@/lib/toast';
import { useSaveService, useServiceOptions } from '../../api/services';
import { useStatPage } from '../../api/statistics';
import { COMMON_TASK_COLUMNS, type CommonTaskRow, commonTaskRows } from '../../common-tasks';
import { type QcFilterField, shownFilters, toQcWire } from '../../qc-search';
import { useQcFilters } from '../../qc-search-store';
import { SERVICE_ROLES, SERVICE_SIDES, serviceValues, toServiceSave } from '../../service-form';
import { statPath } from '../../stat-columns';
import { QcFilterBar } from '../qc-filter-bar';
import { FollowFormPreview } from '../serve-config/follow-form-preview';
import { ServiceModal } from '../serve-config/service-modal';

export const COMMON_TASK_TABLE = '通用任务';

const FILTERS: readonly QcFilterField[] = ['school', 'group', 'teacher'];
const ALL_ROLES = '';
const ROLE_CHOICES = [{ value: ALL_ROLES, label: '全部角色' }, ...SERVICE_ROLES];

interface Actions {
  edit: (s: ServiceType) => void;
  preview: (s: ServiceType) => void;
  records: (s: ServiceType) => void;
  disable: (s: ServiceType) => void;
}

function taskColumns(actions: Actions): ListTableColumn<CommonTaskRow>[] {
  const button = (label: string, name: string, onClick: () => void, color?: string) => (
    <Button size="compact-xs" variant="subtle" color={color} aria-label={`${label} ${name}`} onClick={onClick}>
      {label}
    </Button>
  );
  return [
    ...toListColumns(COMMON_TASK_COLUMNS),
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      fixed: 'right',
      width: 250,
      render: ({ service: s }) => (
        <Group gap={4} wrap="nowrap">
          {button('编辑', s.name, () => actions.edit(s))}
          {button('表单预览', s.name, () => actions.preview(s))}
          {button('任务记录', s.name, () => actions.records(s))}
          {button('停用', s.name, () => actions.disable(s), 'red')}
        </Group>
      ),
    },
  ];
}

export interface CommonTaskManageProps {
  /** Opens 任务管理 on a task's records (the shared search narrowed to it). */
  openRecords: (serviceId: number) => void;
}

/**
 * /qualityCheckManagement/commonTaskManage (通用任务管理, 02 §2, §7.6): the service tasks every
 * school's staff owe their students (`service/listByCondition`), by the role that does them and the
 * courses they are for, each with how it was done and checked in the period (the service view of
 * `serviceStatistics`); a task is added, edited, its form previewed, its records opened in 任务管理,
 * or stopped (a stopped task is started again in 服务配置).
 */
export function CommonTaskManage({ openRecords }: CommonTaskManageProps) {
  const filters = shownFilters(useQcFilters(), FILTERS);
  const [condition, setCondition] = useState<{ side: string; roleCode: string }>({ side: '0', roleCode: ALL_ROLES });
  const wireCondition: ServiceCondition = {
    side: Number(condition.side),
    ...(condition.roleCode ? { roleCode: condition.roleCode } : {}),
  };
  const tasks = useServiceOptions(wireCondition);
  // One row per enabled service type: the whole list on one page.
  const stats = useStatPage(
    statPath('service', 'class'),
    toQcWire(filters, { view: 'service', pageNo: 1, pageSize: Limits.MAX_PAGE_SIZE }),
  );
  const rows = commonTaskRows(tasks.data ?? [], stats.data);
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [disabling, setDisabling] = useState<ServiceType | null>(null);
  const save = useSaveService();

  const confirmDisable = () => {
    if (!disabling) return;
    save.mutate(toServiceSave({ ...serviceValues(disabling), enabled: false }, disabling.id), {
      onSuccess: () => {
        showSuccess('任务已停用');
        setDisabling(null);
      },
    });
  };

  return (
    <Stack p="md" gap="md">
      <Title order={4}>通用任务管理</Title>
      <QcFilterBar fields={FILTERS} />
      <Group gap="sm" align="flex-end" role="group" aria-label="任务范围">
        <Select
          size="xs"
          w={120}
          label="适用课程"
          data={[...SERVICE_SIDES]}
          value={condition.side}
          allowDeselect={false}
          onChange={(side) => setCondition((c) => ({ ...c, side: side ?? '0' }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          size="xs"
          w={150}
          label="执行角色"
          data={ROLE_CHOICES}
          value={condition.roleCode}
          allowDeselect={false}
          onChange={(roleCode) => setCondition((c) => ({ ...c, roleCode: roleCode ?? ALL_ROLES }))}
          comboboxProps={{ withinPortal: true }}
        />
        {stats.data && (
          <Text size="xs" c="dimmed">
            质检率目标（质检规则的抽检比例）：{stats.data.sampleRatePercent}%
          </Text>
        )}
      </Group>
      <ListTable<CommonTaskRow>
        label={COMMON_TASK_TABLE}
        storeKey="qc-common-tasks"
        columns={taskColumns({
          edit: (s) => setEditing(s.id),
          preview: (s) => setPreviewing(s.id),
          records: (s) => openRecords(s.id),
          disable: setDisabling,
        })}
        records={rows}
        idAccessor="id"
        rowAttributes={(row) => ({ 'aria-label': row.name })}
        noRecordsText="暂无启用的任务"
        fetching={tasks.isFetching || stats.isFetching}
        toolbar={() => (
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            新增任务
          </Button>
        )}
      />
      <Text size="xs" c="dimmed">
        共 {rows.length} 个任务
      </Text>
      <ServiceModal editing={editing} onClose={() => setEditing(null)} />
      <FollowFormPreview serviceId={previewing} onClose={() => setPreviewing(null)} />
      <ConfirmModal
        opened={disabling !== null}
        title="停用任务"
        message={
          disabling
            ? `确定停用“${disabling.name}”吗？停用后员工不再需要完成该任务，统计中也不再计入；可在服务配置中重新启用。`
            : ''
        }
        confirmLabel="停用"
        busy={save.isPending}
        onConfirm={confirmDisable}
        onClose={() => setDisabling(null)}
      />
    </Stack>
  );
}
