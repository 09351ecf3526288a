import { Alert, Anchor, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MathText } from '@/components/math-text';
import { knowledgeSectionEditPath } from '@/config/paths';
import { HANDOUT_SECTIONS } from '@/features/paper/sections';
import type { OutlineLessonContent } from '@/generated/OutlineLessonContent';
import { useLessonContent } from '../api/outline-library';

export interface LessonPreviewModalProps {
  /** null: closed. */
  lessonId: number | null;
  onClose: () => void;
}

/** 课次预览 (library/outline/content): a lesson's unit, points and its handout's sections. */
export function LessonPreviewModal({ lessonId, onClose }: LessonPreviewModalProps) {
  const content = useLessonContent(lessonId);
  const title = content.data ? `${content.data.unitTitle} · ${content.data.lesson.title}` : '课次预览';
  return (
    <Modal opened={lessonId !== null} onClose={onClose} title={title} size="xl">
      {content.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label="正在加载课次内容" />
        </Center>
      ) : content.isError ? (
        <Alert color="orange" title="课次内容加载失败">
          {content.error.message}
        </Alert>
      ) : (
        <LessonContent content={content.data} />
      )}
    </Modal>
  );
}

function LessonContent({ content }: { content: OutlineLessonContent }) {
  const { lesson, sections } = content;
  const filled = HANDOUT_SECTIONS.map((s) => ({
    ...s,
    paragraphs: (sections?.[s.key] ?? []).filter((p) => p.trim() !== ''),
  })).filter((s) => s.paragraphs.length > 0);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {lesson.hours} 课时
        </Text>
        {lesson.knowledgePoints.length > 0 && (
          <Text size="sm" c="dimmed">
            知识点：{lesson.knowledgePoints.map((p) => p.name).join('、')}
          </Text>
        )}
      </Group>
      {lesson.paperId === null ? (
        <Text c="dimmed">这个课次还没有讲义</Text>
      ) : sections === null ? (
        <Alert color="gray" variant="light" role="note">
          这份讲义暂不能查看
        </Alert>
      ) : (
        <>
          <Group justify="space-between">
            <Text fw={600}>{lesson.paperTitle}</Text>
            <Anchor component={Link} to={knowledgeSectionEditPath(lesson.paperId)} size="sm">
              打开讲义
            </Anchor>
          </Group>
          {filled.length === 0 ? (
            <Text c="dimmed">讲义还没有内容</Text>
          ) : (
            filled.map((s) => (
              <Stack key={s.key} gap={4} component="section" aria-label={s.title}>
                <Title order={6}>{s.title}</Title>
                {s.paragraphs.map((p, i) => (
                  <MathText key={i} component="p" text={p} style={{ margin: 0 }} />
                ))}
              </Stack>
            ))
          )}
        </>
      )}
    </Stack>
  );
}
