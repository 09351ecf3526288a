import { Button, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { AiPaperTask } from '@/generated/AiPaperTask';
import type { AiPaperTaskSearch } from '@/generated/AiPaperTaskSearch';
import { formatDateTime } from '@/lib/format';
import { showSuccess } from '@/lib/toast';
import { useDeletePaperTask, usePaperTasks } from '../api/paper-tasks';
import { isRecognizing, PAPER_TASK_PAGE_SIZE, PAPER_TASK_STATUSES } from '../ai-dict';
import { PaperTaskStatusBadge } from './paper-task-detail';

const ALL = 'all';

export interface PaperTaskListProps {
  onOpen: (taskId: number) => void;
  onNew: () => void;
}

/** My AI paper tasks, newest first: searched by title words and status, opened, deleted (asked first). */
export function PaperTaskList({ onOpen, onNew }: PaperTaskListProps) {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<string>(ALL);
  const [pageNo, setPageNo] = useState(1);
  const [deleting, setDeleting] = useState<AiPaperTask | null>(null);
  const search: AiPaperTaskSearch = {
    ...(keyword ? { keyword } : {}),
    ...(status !== ALL ? { status: Number(status) } : {}),
    pageNo,
    pageSize: PAPER_TASK_PAGE_SIZE,
  };
  const tasks = usePaperTasks(search);
  const remove = useDeletePaperTask();
  const records = tasks.data?.records ?? [];
  const pages = Math.max(1, Math.ceil((tasks.data?.total ?? 0) / PAPER_TASK_PAGE_SIZE));

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Group
          align="flex-end"
          gap="sm"
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            setKeyword(input.trim());
            setPageNo(1);
          }}
        >
          <TextInput
            label="标题"
            size="xs"
            placeholder="搜索任务标题"
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
          />
          <Select
            label="状态"
            size="xs"
            w={120}
            data={[
              { value: ALL, label: '全部' },
              ...PAPER_TASK_STATUSES.map((s) => ({ value: String(s.code), label: s.name })),
            ]}
            value={status}
            allowDeselect={false}
            onChange={(v) => {
              setStatus(v ?? ALL);
              setPageNo(1);
            }}
            comboboxProps={{ withinPortal: false }}
          />
          <Button size="xs" variant="light" type="submit">
            搜索
          </Button>
        </Group>
        <Button size="xs" onClick={onNew}>
          新建识卷任务
        </Button>
      </Group>
      <Table striped highlightOnHover aria-label="识卷任务" aria-busy={tasks.isFetching}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>标题</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th>题目</Table.Th>
            <Table.Th>更新时间</Table.Th>
            <Table.Th>操作</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((t) => (
            <Table.Tr key={t.taskId} aria-label={t.title}>
              <Table.Td>
                <Text size="sm" lineClamp={1}>
                  {t.title}
                </Text>
              </Table.Td>
              <Table.Td>
                <PaperTaskStatusBadge task={t} />
              </Table.Td>
              <Table.Td>
                {t.questionCount}
                {t.savedCount > 0 ? `（已入库 ${t.savedCount}）` : ''}
              </Table.Td>
              <Table.Td>{formatDateTime(new Date(t.updateTime))}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="subtle" onClick={() => onOpen(t.taskId)}>
                    打开
                  </Button>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(t)}>
                    删除
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {tasks.isPending && (
        <Text size="sm" c="dimmed" ta="center">
          加载中…
        </Text>
      )}
      {tasks.data && records.length === 0 && (
        <Text size="sm" c="dimmed" ta="center">
          {keyword || status !== ALL
            ? '没有符合条件的任务'
            : '还没有识卷任务：上传一份试卷的照片或 PDF，AI 帮你识别成题目。'}
        </Text>
      )}
      {pages > 1 && <Pagination size="sm" total={pages} value={pageNo} onChange={setPageNo} />}
      <ConfirmModal
        opened={deleting !== null}
        title="删除识卷任务"
        message={
          deleting
            ? `确定删除「${deleting.title}」吗？${isRecognizing(deleting.status) ? '正在进行的识别将停止；' : ''}已保存到题库的题目不受影响。`
            : ''
        }
        confirmLabel="删除"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.taskId, {
            onSuccess: () => {
              setDeleting(null);
              showSuccess('任务已删除');
            },
          })
        }
      />
    </Stack>
  );
}
