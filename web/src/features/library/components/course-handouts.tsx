import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  List,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { NavTree } from '@/components/nav-tree';
import { Link } from 'react-router';
import { ScopeSelect } from '@/components/scope-select';
import { knowledgeSectionEditPath } from '@/config/paths';
import type { PaperRef } from '@/generated/PaperRef';
import { useScope } from '@/hooks/use-scope';
import { showInfo, showSuccess } from '@/lib/toast';
import {
  DEFAULT_LAYOUT,
  SORT_ORDERS,
  useLayoutSettings,
  useUpdateLayoutSettings,
  VIEW_MODES,
} from '../api/layout-settings';
import { useCopyLibraryHandouts, useLibraryTree, useOutlineTree } from '../api/outline-library';
import { outlineIds, sortedLibrary } from '../library-tree';
import { LessonPreviewModal } from './lesson-preview-modal';
import { OutlineUnits, type OutlineView } from './outline-units';

/**
 * 课程讲义: the lecture library of a stage and subject — the valid outlines published to the
 * teacher's school by class type, an outline's units and lessons (as cards or a list, the layout
 * kept by the server for the user), a lesson's content, and 复制讲义到我的, the outline's
 * handouts copied into the teacher's own papers.
 */
export function CourseHandouts() {
  const [scope, choose] = useScope();
  const layout = useLayoutSettings().data ?? DEFAULT_LAYOUT;
  const updateLayout = useUpdateLayoutSettings();
  const tree = useLibraryTree(scope?.subject ?? null, scope?.stage ?? null);
  const nodes = sortedLibrary(tree.data ?? [], layout.sortBy);
  const [picked, setPicked] = useState<number | null>(null);
  const ids = outlineIds(nodes);
  const outlineId = picked !== null && ids.includes(picked) ? picked : (ids[0] ?? null);
  const view: OutlineView = layout.viewMode === 'list' ? 'list' : 'card';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end" gap="sm">
          <ScopeSelect
            value={scope}
            onChange={(next) => {
              choose(next);
              setPicked(null);
            }}
          />
          <Select
            label="排序"
            w={120}
            data={SORT_ORDERS.map((o) => ({ ...o }))}
            value={layout.sortBy}
            allowDeselect={false}
            onChange={(sortBy) => sortBy && updateLayout.mutate({ ...layout, sortBy })}
          />
        </Group>
        <SegmentedControl
          aria-label="布局"
          data={VIEW_MODES.map((m) => ({ ...m }))}
          value={view}
          onChange={(viewMode) => updateLayout.mutate({ ...layout, viewMode })}
        />
      </Group>
      {!scope ? (
        <Text c="dimmed">请先选择学段与学科</Text>
      ) : (
        <Grid gutter="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder p="sm" radius="md">
              {tree.isPending ? (
                <Center p="md">
                  <Loader size="sm" aria-label="正在加载讲义库" />
                </Center>
              ) : tree.isError ? (
                <Alert color="orange" title="讲义库加载失败">
                  {tree.error.message}
                </Alert>
              ) : nodes.length === 0 ? (
                <Text c="dimmed" size="sm">
                  这个学科还没有发布的课程
                </Text>
              ) : (
                <NavTree
                  nodes={nodes}
                  leafId={(n) => n.outlineId}
                  selectedId={outlineId}
                  onSelect={setPicked}
                  label="课程"
                />
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {outlineId === null ? (
              <Paper withBorder p="xl" radius="md">
                <Text c="dimmed" ta="center">
                  选择左侧的课程查看课次
                </Text>
              </Paper>
            ) : (
              <OutlinePanel key={outlineId} outlineId={outlineId} view={view} />
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

function OutlinePanel({ outlineId, view }: { outlineId: number; view: OutlineView }) {
  const query = useOutlineTree(outlineId);
  const copy = useCopyLibraryHandouts();
  const [copies, setCopies] = useState<PaperRef[] | null>(null);
  const [lessonId, setLessonId] = useState<number | null>(null);

  if (query.isPending)
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="正在加载课程" />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="orange" title="课程加载失败">
        {query.error.message}
      </Alert>
    );
  const { outline, config, units } = query.data;
  const handouts = units.flatMap((u) => u.lessons).filter((l) => l.paperId !== null).length;

  const copyAll = () =>
    copy.mutate(outline.outlineId, {
      onSuccess: (made) => {
        setCopies(made);
        if (made.length > 0) showSuccess(`已复制 ${made.length} 份讲义到我的讲义`);
        else showInfo('没有可复制的讲义');
      },
    });

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={5}>{outline.name}</Title>
            <Group gap="xs" mt={4}>
              <Badge variant="light" color="gray">
                {outline.unitCount} 单元 · {outline.lessonCount} 课次 · {outline.totalHours} 课时
              </Badge>
              <Text size="xs" c="dimmed">
                每节 {config.lessonMinutes} 分钟，每周 {config.lessonsPerWeek} 节，共 {config.weeks} 周
              </Text>
            </Group>
            {config.note && (
              <Text size="sm" c="dimmed" mt={4}>
                {config.note}
              </Text>
            )}
          </div>
          <Button onClick={copyAll} loading={copy.isPending} disabled={handouts === 0}>
            复制讲义到我的
          </Button>
        </Group>
        {copies && copies.length > 0 && (
          <Alert
            color="green"
            variant="light"
            title="已复制到我的讲义"
            role="status"
            withCloseButton
            onClose={() => setCopies(null)}
          >
            <List size="sm" aria-label="复制的讲义">
              {copies.map((c) => (
                <List.Item key={c.paperId}>
                  <Anchor component={Link} to={knowledgeSectionEditPath(c.paperId)} size="sm">
                    {c.paperName}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <OutlineUnits units={units} view={view} onOpen={(lesson) => setLessonId(lesson.lessonId)} />
      </Stack>
      <LessonPreviewModal lessonId={lessonId} onClose={() => setLessonId(null)} />
    </Paper>
  );
}
