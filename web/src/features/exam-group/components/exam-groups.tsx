import {
  Anchor,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import type { ExamGroup } from '@/generated/ExamGroup';
import { formatInstant } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import type { QueueExport } from '../api/export-group';
import { useGroups } from '../api/groups';
import { useSelectGroups, useSelection } from '../api/selection';
import { useGroupsShown } from '../api/white-check';
import { SEARCH_DELAY_MS } from '../exam-dict';
import { examDetailPath, examListPath } from '../exam-paths';
import { GroupMembers } from './group-members';
import { GroupNameModal } from './group-name-modal';
import { ImportModal } from './import-modal';
import { SelectionDrawer } from './selection-drawer';

export interface ExamGroupsProps {
  title: string;
  /** Runs the export's call through the download centre's queue. */
  queueExport: QueueExport;
}

/**
 * 考试分组 (/easyexamination/offlineExam/examGroups): my groups of students (search, create,
 * import from .xlsx, rename, delete) and the members of the group opened; groups and members are
 * added to the selection, which the drawer 已选学生 shows with 发布考试. Shown to the users of the
 * teacher-group whitelist only (white/check's showFlag).
 */
export function ExamGroups({ title, queueExport }: ExamGroupsProps) {
  const shown = useGroupsShown();
  if (shown === undefined)
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="加载中" />
      </Center>
    );
  if (!shown)
    return (
      <Center p="xl">
        <Text c="dimmed">暂未开通考试分组，请联系管理员开通。</Text>
      </Center>
    );
  return <GroupsPage title={title} queueExport={queueExport} />;
}

function GroupsPage({ title, queueExport }: ExamGroupsProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [keyword] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const groups = useGroups(keyword);
  const selection = useSelection();
  const selectGroups = useSelectGroups();
  const [openId, setOpenId] = useState<number | null>(null);
  const [picked, setPicked] = useState<ExamGroup[]>([]);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [drawer, setDrawer] = useState(false);

  const list = groups.data ?? [];
  const opened = list.find((g) => g.id === openId) ?? null;
  const pickedNow = picked.filter((p) => list.some((g) => g.id === p.id));

  const columns: ListTableColumn<ExamGroup>[] = [
    {
      accessor: 'groupName',
      title: '分组名称',
      width: 180,
      render: (g) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={g.id === openId ? 700 : undefined}
          onClick={() => setOpenId(g.id)}
          aria-current={g.id === openId ? 'true' : undefined}
        >
          {g.groupName}
        </Anchor>
      ),
    },
    { accessor: 'memberCount', title: '人数', width: 70, textAlign: 'right' },
    { accessor: 'updatedAt', title: '更新时间', width: 150, render: (g) => formatInstant(g.updatedAt) },
  ];

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        <Group gap="xs">
          <Anchor component={Link} to={examListPath()} size="sm">
            考试列表
          </Anchor>
          <Button
            variant="light"
            onClick={() => setDrawer(true)}
            rightSection={
              <Badge size="sm" circle={false} variant="filled">
                {selection.data?.length ?? 0}
              </Badge>
            }
          >
            已选学生
          </Button>
        </Group>
      </Group>
      <Grid gutter="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Group gap="xs">
                <Button size="xs" onClick={() => setCreating(true)}>
                  新建分组
                </Button>
                <Button size="xs" variant="default" onClick={() => setImporting(true)}>
                  导入分组
                </Button>
              </Group>
              <ListTable<ExamGroup>
                label="我的分组"
                storeKey="exam-groups"
                columns={columns}
                records={list}
                idAccessor="id"
                rowAttributes={(g) => ({ 'aria-label': g.groupName })}
                noRecordsText={
                  groups.isPending ? '加载中…' : keyword ? '没有匹配的分组' : '还没有分组，先新建或导入一个'
                }
                fetching={groups.isFetching}
                selection={{ selected: pickedNow, onChange: setPicked, label: (g) => g.groupName }}
                toolbar={() => (
                  <>
                    <TextInput
                      size="xs"
                      aria-label="搜索分组"
                      placeholder="分组名称"
                      maxLength={50}
                      value={text}
                      onChange={(e) => setText(e.currentTarget.value)}
                      w={150}
                    />
                    <Button
                      size="xs"
                      variant="light"
                      disabled={pickedNow.length === 0}
                      loading={selectGroups.isPending}
                      onClick={() =>
                        selectGroups.mutate(
                          pickedNow.map((g) => g.id),
                          {
                            onSuccess: ({ changed, total }) => {
                              showSuccess(`已加入选择 ${changed} 名学生，共选 ${total} 名`);
                              setPicked([]);
                            },
                          },
                        )
                      }
                    >
                      加入选择
                    </Button>
                  </>
                )}
              />
              <Text size="xs" c="dimmed">
                共 {list.length} 个分组
              </Text>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {opened ? (
            <GroupMembers key={opened.id} group={opened} queueExport={queueExport} onDeleted={() => setOpenId(null)} />
          ) : (
            <Paper withBorder p="xl" radius="md">
              <Text c="dimmed" ta="center">
                点击分组名称查看和管理成员
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
      <GroupNameModal
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(group) => {
          setCreating(false);
          setText('');
          setOpenId(group.id);
          showSuccess(`已创建分组「${group.groupName}」`);
        }}
      />
      <ImportModal opened={importing} onClose={() => setImporting(false)} onImported={(group) => setOpenId(group.id)} />
      <SelectionDrawer
        opened={drawer}
        onClose={() => setDrawer(false)}
        onPublished={(exam) => void navigate(examDetailPath(exam.examId))}
      />
    </Stack>
  );
}
