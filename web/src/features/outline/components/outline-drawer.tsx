import { Alert, Badge, Button, Center, Drawer, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useOutlineTree } from '@/features/library/api/outline-library';
import { useOutlinePublishing } from '@/features/library/api/outline-publishing';
import { OutlineUnits } from '@/features/library/components/outline-units';
import type { OutlineLesson } from '@/generated/OutlineLesson';
import type { TeachingOutline } from '@/generated/TeachingOutline';
import { showSuccess } from '@/lib/toast';
import { publishBadge, validBadge } from '../outline-dict';
import { HandoutSelect } from './handout-select';

export interface OutlineDrawerProps {
  /** null: closed. */
  outline: TeachingOutline | null;
  /** The class type's name. */
  classTypeName: string;
  /** The library's editors change a lesson's handout here (even while the outline is in use). */
  editor: boolean;
  onClose: () => void;
}

/** An outline (library/outline/tree): its course configuration, units and lessons. */
export function OutlineDrawer({ outline, classTypeName, editor, onClose }: OutlineDrawerProps) {
  return (
    <Drawer opened={outline !== null} onClose={onClose} title={outline?.name ?? ''} position="right" size="xl">
      {outline && (
        <OutlineBody key={outline.outlineId} outline={outline} classTypeName={classTypeName} editor={editor} />
      )}
    </Drawer>
  );
}

function OutlineBody({
  outline,
  classTypeName,
  editor,
}: Omit<OutlineDrawerProps, 'onClose' | 'outline'> & { outline: TeachingOutline }) {
  const tree = useOutlineTree(outline.outlineId);
  const [binding, setBinding] = useState<OutlineLesson | null>(null);
  if (tree.isPending)
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="正在加载大纲" />
      </Center>
    );
  if (tree.isError)
    return (
      <Alert color="orange" title="大纲加载失败">
        {tree.error.message}
      </Alert>
    );
  const { outline: o, config, units } = tree.data;
  const valid = validBadge(o.valid);
  const published = publishBadge(o.status);
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light">{classTypeName}</Badge>
        <Badge variant="light" color={valid.color}>
          {valid.text}
        </Badge>
        <Badge variant="light" color={published.color}>
          {published.text}
        </Badge>
        <Text size="sm" c="dimmed">
          {o.unitCount} 单元 · {o.lessonCount} 课次 · {o.totalHours} 课时
        </Text>
      </Group>
      <Text size="sm" role="group" aria-label="课程配置">
        每节 {config.lessonMinutes} 分钟，每周 {config.lessonsPerWeek} 节，共 {config.weeks} 周
        {config.note ? `；${config.note}` : ''}
      </Text>
      <OutlineUnits units={units} view="list" onBindPaper={editor ? setBinding : undefined} />
      {editor && <BindPaperModal lesson={binding} onClose={() => setBinding(null)} />}
    </Stack>
  );
}

/** 更换讲义 (library/outline/paper/update): a lesson's handout, or none. */
function BindPaperModal({ lesson, onClose }: { lesson: OutlineLesson | null; onClose: () => void }) {
  return (
    <Modal opened={lesson !== null} onClose={onClose} title={lesson ? `更换讲义 · ${lesson.title}` : ''}>
      {lesson && <BindPaperForm key={lesson.lessonId} lesson={lesson} onClose={onClose} />}
    </Modal>
  );
}

function BindPaperForm({ lesson, onClose }: { lesson: OutlineLesson; onClose: () => void }) {
  const { paper } = useOutlinePublishing();
  const [paperId, setPaperId] = useState(lesson.paperId);
  return (
    <Stack gap="sm">
      <HandoutSelect value={paperId} knownTitle={lesson.paperTitle} onChange={(id) => setPaperId(id)} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          取消
        </Button>
        <Button
          loading={paper.isPending}
          onClick={() =>
            paper.mutate(
              { lessonId: lesson.lessonId, ...(paperId !== null ? { paperId } : {}) },
              {
                onSuccess: () => {
                  showSuccess(paperId !== null ? '讲义已更换' : '已解除讲义');
                  onClose();
                },
              },
            )
          }
        >
          保存
        </Button>
      </Group>
    </Stack>
  );
}
