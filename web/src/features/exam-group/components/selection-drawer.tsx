import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { ExamRow } from '@/generated/ExamRow';
import type { SelectedStudent } from '@/generated/SelectedStudent';
import { formatInstant, formatText } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useSelection, useUnselect } from '../api/selection';
import { PublishModal } from './publish-modal';

export interface SelectionDrawerProps {
  opened: boolean;
  onClose: () => void;
  onPublished: (exam: ExamRow) => void;
}

const COLUMNS: ListTableColumn<SelectedStudent>[] = [
  { accessor: 'studentName', title: '姓名', width: 100 },
  { accessor: 'studentCode', title: '学号', width: 100 },
  { accessor: 'grade', title: '年级', width: 70, render: (s) => formatText(s.grade) },
  { accessor: 'groupName', title: '来自分组', width: 120, render: (s) => formatText(s.groupName) },
  { accessor: 'selectedAt', title: '加入时间', width: 140, render: (s) => formatInstant(s.selectedAt) },
];

/**
 * 已选学生: the selection the next exam goes to; students removed (picked ones or all, after a
 * confirm) and 发布考试.
 */
export function SelectionDrawer({ opened, onClose, onPublished }: SelectionDrawerProps) {
  const selection = useSelection();
  const unselect = useUnselect();
  const [picked, setPicked] = useState<SelectedStudent[]>([]);
  const [clearing, setClearing] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const students = selection.data ?? [];
  const pickedNow = picked.filter((p) => students.some((s) => s.studentId === p.studentId));

  const remove = (ids: number[] | 'all') =>
    unselect.mutate(ids, {
      onSuccess: ({ changed }) => {
        showSuccess(`已移除 ${changed} 名学生`);
        setPicked([]);
        setClearing(false);
      },
    });

  return (
    <>
      <Drawer opened={opened} onClose={onClose} title="已选学生" position="right" size="xl">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            发布考试时，考试发给这里的学生，发布后清空。
          </Text>
          <Group justify="space-between">
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                disabled={pickedNow.length === 0}
                loading={unselect.isPending && unselect.variables !== 'all'}
                onClick={() => remove(pickedNow.map((s) => s.studentId))}
              >
                移除所选{pickedNow.length > 0 ? `（${pickedNow.length}）` : ''}
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                disabled={students.length === 0}
                onClick={() => setClearing(true)}
              >
                清空
              </Button>
            </Group>
            <Button size="xs" disabled={students.length === 0} onClick={() => setPublishing(true)}>
              发布考试
            </Button>
          </Group>
          <ListTable<SelectedStudent>
            label="已选学生"
            storeKey="exam-selection"
            columns={COLUMNS}
            records={students}
            idAccessor="studentId"
            rowAttributes={(s) => ({ 'aria-label': s.studentName })}
            noRecordsText={selection.isPending ? '加载中…' : '尚未选择学生'}
            fetching={selection.isFetching}
            selection={{ selected: pickedNow, onChange: setPicked, label: (s) => s.studentName }}
          />
          <Text size="xs" c="dimmed">
            共 {students.length} 名
          </Text>
        </Stack>
      </Drawer>
      <ConfirmModal
        opened={clearing}
        title="清空已选学生"
        message={`确定移除全部 ${students.length} 名已选学生吗？`}
        confirmLabel="清空"
        busy={unselect.isPending}
        onConfirm={() => remove('all')}
        onClose={() => setClearing(false)}
      />
      <PublishModal
        opened={publishing}
        onClose={() => setPublishing(false)}
        onPublished={(exam) => {
          onClose();
          onPublished(exam);
        }}
      />
    </>
  );
}
