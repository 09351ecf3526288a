import { Button, Group, Menu, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Limits } from '@/generated/codes';
import type { ExamGroup } from '@/generated/ExamGroup';
import type { GroupStudent } from '@/generated/GroupStudent';
import { formatInstant, formatText } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { exportGroup, type QueueExport } from '../api/export-group';
import { useDeleteGroup } from '../api/groups';
import { useAddGroupMembers, useGroupMembers, useRemoveGroupMembers } from '../api/members';
import { useSelectGroups, useSelectStudents } from '../api/selection';
import { SEARCH_DELAY_MS } from '../exam-dict';
import { GroupNameModal } from './group-name-modal';
import { StudentPicker } from './student-picker';

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;

const COLUMNS: ListTableColumn<GroupStudent>[] = [
  { accessor: 'studentName', title: '姓名', width: 110 },
  { accessor: 'studentCode', title: '学号', width: 110 },
  { accessor: 'grade', title: '年级', width: 80, render: (s) => formatText(s.grade) },
  { accessor: 'schoolName', title: '校区', width: 140, render: (s) => formatText(s.schoolName) },
  { accessor: 'addedAt', title: '加入时间', width: 150, render: (s) => formatInstant(s.addedAt) },
];

export interface GroupMembersProps {
  group: ExamGroup;
  queueExport: QueueExport;
  /** The group was deleted. */
  onDeleted: () => void;
}

/**
 * A group's members page by page (keyword; picked ones removed or added to the selection), with
 * the group's actions: 添加成员 (student search), 整组加入选择, 导出 (queued in 下载中心), 重命名, 删除.
 */
export function GroupMembers({ group, queueExport, onDeleted }: GroupMembersProps) {
  const [text, setText] = useState('');
  const [keyword] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const [paging, setPaging] = useState({ keyword, pageNo: 1 });
  const pageNo = paging.keyword === keyword ? paging.pageNo : 1;
  const members = useGroupMembers({ groupId: group.id, keyword: keyword || undefined, pageNo, pageSize: PAGE_SIZE });
  const [picked, setPicked] = useState<GroupStudent[]>([]);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const add = useAddGroupMembers();
  const remove = useRemoveGroupMembers();
  const selectGroup = useSelectGroups();
  const selectStudents = useSelectStudents();
  const drop = useDeleteGroup();

  const records = members.data?.records ?? [];
  const pickedNow = picked.filter((p) => records.some((r) => r.studentId === p.studentId));
  const total = members.data?.total ?? 0;

  const runExport = () => {
    setExporting(true);
    void queueExport(() => exportGroup(group.id))
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Title order={5}>{group.groupName}</Title>
            <Text size="xs" c="dimmed">
              {group.memberCount} 名学生
            </Text>
          </Stack>
          <Group gap="xs">
            <Button size="xs" onClick={() => setAdding(true)}>
              添加成员
            </Button>
            <Button
              size="xs"
              variant="light"
              disabled={group.memberCount === 0}
              loading={selectGroup.isPending}
              onClick={() =>
                selectGroup.mutate([group.id], {
                  onSuccess: ({ changed, total: selected }) =>
                    showSuccess(`已加入选择 ${changed} 名学生，共选 ${selected} 名`),
                })
              }
            >
              整组加入选择
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={group.memberCount === 0}
              loading={exporting}
              onClick={runExport}
            >
              导出
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="xs" variant="default" aria-label="更多分组操作">
                  更多
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setRenaming(true)}>重命名</Menu.Item>
                <Menu.Item color="red" onClick={() => setDeleting(true)}>
                  删除分组
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <ListTable<GroupStudent>
          label="分组成员"
          storeKey="exam-group-members"
          columns={COLUMNS}
          records={records}
          idAccessor="studentId"
          rowAttributes={(s) => ({ 'aria-label': s.studentName })}
          noRecordsText={members.isPending ? '加载中…' : keyword ? '没有匹配的成员' : '分组里还没有学生'}
          fetching={members.isFetching}
          selection={{ selected: pickedNow, onChange: setPicked, label: (s) => s.studentName }}
          toolbar={() => (
            <>
              <TextInput
                size="xs"
                aria-label="搜索成员"
                placeholder="姓名或学号"
                maxLength={32}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                w={180}
              />
              <Button
                size="xs"
                variant="light"
                disabled={pickedNow.length === 0}
                loading={selectStudents.isPending}
                onClick={() =>
                  selectStudents.mutate(
                    pickedNow.map((s) => s.studentId),
                    {
                      onSuccess: ({ changed, total: selected }) => {
                        showSuccess(`已加入选择 ${changed} 名学生，共选 ${selected} 名`);
                        setPicked([]);
                      },
                    },
                  )
                }
              >
                所选加入选择
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                disabled={pickedNow.length === 0}
                onClick={() => setRemoving(true)}
              >
                移除所选
              </Button>
            </>
          )}
        />
        <ListFooter
          page={pageNo}
          pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
          total={total}
          onPageChange={(next) => setPaging({ keyword, pageNo: next })}
        />
      </Stack>
      <StudentPicker
        opened={adding}
        onClose={() => setAdding(false)}
        title={`添加成员 · ${group.groupName}`}
        groupId={group.id}
        busy={add.isPending}
        onSubmit={async (studentIds) => {
          const { changed } = await add.mutateAsync({ groupId: group.id, studentIds });
          showSuccess(`已添加 ${changed} 名学生`);
          setAdding(false);
        }}
      />
      <GroupNameModal
        opened={renaming}
        group={group}
        onClose={() => setRenaming(false)}
        onSaved={() => {
          setRenaming(false);
          showSuccess('分组已重命名');
        }}
      />
      <ConfirmModal
        opened={removing}
        title="移除成员"
        message={`确定从「${group.groupName}」移除所选的 ${pickedNow.length} 名学生吗？`}
        confirmLabel="移除"
        busy={remove.isPending}
        onClose={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(
            { groupId: group.id, studentIds: pickedNow.map((s) => s.studentId) },
            {
              onSuccess: ({ changed }) => {
                showSuccess(`已移除 ${changed} 名学生`);
                setPicked([]);
                setRemoving(false);
              },
            },
          )
        }
      />
      <ConfirmModal
        opened={deleting}
        title="删除分组"
        message={`确定删除分组「${group.groupName}」吗？已发布的考试不受影响。`}
        confirmLabel="删除"
        busy={drop.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          drop.mutate(group.id, {
            onSuccess: () => {
              setDeleting(false);
              showSuccess('分组已删除');
              onDeleted();
            },
          })
        }
      />
    </Paper>
  );
}
