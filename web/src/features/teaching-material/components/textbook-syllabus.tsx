import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { useTabTitle } from '@/features/tabs/hooks/use-tab-title';
import type { TextbookChapter } from '@/generated/TextbookChapter';
import { isLibraryEditor, useSession } from '@/lib/session';
import { showSuccess } from '@/lib/toast';
import { useChapterChanges, useChapters } from '../api/chapters';
import { descendantCount, flattenChapters } from '../chapters';
import { statusBadge } from '../textbook-dict';
import { textbookLibraryPath } from '../textbook-paths';
import { type ChapterAction, ChapterTree } from './chapter-tree';
import { type ChapterDialog, ChapterFormModal } from './chapter-form-modal';
import { InitChaptersModal } from './init-chapters-modal';

export interface TextbookSyllabusProps {
  textbookId: number;
  /** The page's title (the `title` query: the textbook's name as the list gave it). */
  title: string | null;
  /** The route's own title, while neither is known. */
  fallbackTitle: string;
}

/**
 * 教材目录 (/easyDevelop/textbookLibrary/syllabus/{id}?title={name}): a textbook's chapters and
 * sections, each with its knowledge points and the bank's questions on them. The library's editors
 * add chapters and sections, rename, bind points and delete; an empty textbook takes its chapters
 * from a knowledge tree (从知识图谱初始化). Read-only for everyone else.
 */
export function TextbookSyllabus({ textbookId, title, fallbackTitle }: TextbookSyllabusProps) {
  useTabTitle(title);
  const editor = useSession((s) => isLibraryEditor(s.user));
  const query = useChapters(textbookId);
  const changes = useChapterChanges(textbookId);
  const [dialog, setDialog] = useState<ChapterDialog | null>(null);
  const [initialising, setInitialising] = useState(false);
  const [deleting, setDeleting] = useState<TextbookChapter | null>(null);
  const heading = title ?? query.data?.textbook.name ?? fallbackTitle;

  const header = (
    <Group justify="space-between">
      <Title order={4}>{heading}</Title>
      <Anchor component={Link} to={textbookLibraryPath()} size="sm">
        返回教材库
      </Anchor>
    </Group>
  );

  if (query.isPending)
    return (
      <Stack p="md" gap="md">
        {header}
        <Center p="xl">
          <Loader size="sm" aria-label="正在加载目录" />
        </Center>
      </Stack>
    );
  if (query.isError)
    return (
      <Stack p="md" gap="md">
        {header}
        <Alert color="orange" title="教材加载失败">
          {query.error.message}
        </Alert>
      </Stack>
    );

  const { textbook, chapters } = query.data;
  const badge = statusBadge(textbook.status);

  const onAction = (action: ChapterAction, chapter: TextbookChapter) => {
    switch (action) {
      case 'addSection':
        setDialog({ kind: 'add', parentId: chapter.id, title: `添加小节 · ${chapter.name}` });
        break;
      case 'rename':
        setDialog({ kind: 'edit', chapterId: chapter.id, title: `重命名 · ${chapter.name}`, focus: 'name' });
        break;
      case 'points':
        setDialog({ kind: 'edit', chapterId: chapter.id, title: `绑定知识点 · ${chapter.name}`, focus: 'points' });
        break;
      case 'delete':
        setDeleting(chapter);
        break;
    }
  };

  return (
    <Stack p="md" gap="md">
      {header}
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <div>
              <Group gap="xs">
                <Text fw={600}>{textbook.name}</Text>
                <Badge color={badge.color} variant="light">
                  {badge.text}
                </Badge>
                {!editor && (
                  <Badge color="orange" variant="light">
                    只读
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {[textbook.edition, textbook.grade].filter(Boolean).join(' · ')}
                {textbook.edition || textbook.grade ? ' · ' : ''}
                {chapters.length} 章
              </Text>
            </div>
            {editor && (
              <Group gap="xs">
                {chapters.length === 0 && (
                  <Button size="xs" variant="default" onClick={() => setInitialising(true)}>
                    从知识图谱初始化
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setDialog({ kind: 'add', parentId: 0, title: '添加章' })}
                >
                  添加章
                </Button>
              </Group>
            )}
          </Group>
          {chapters.length === 0 ? (
            <Text c="dimmed" size="sm">
              {editor ? '还没有章节：点“添加章”逐一添加，或从知识图谱初始化。' : '这本教材还没有章节。'}
            </Text>
          ) : (
            <ChapterTree chapters={chapters} onAction={editor ? onAction : undefined} />
          )}
        </Stack>
      </Paper>
      <ChapterFormModal
        key={dialog ? (dialog.kind === 'add' ? `add-${dialog.parentId}` : `edit-${dialog.chapterId}`) : 'none'}
        dialog={dialog}
        textbookId={textbookId}
        subject={textbook.subject}
        stage={textbook.stage}
        onSubmit={async (body) => {
          const saved = await changes.save.mutateAsync(body);
          showSuccess(body.chapterId === undefined ? `已添加「${saved.name}」` : '已保存');
        }}
        onClose={() => setDialog(null)}
      />
      <InitChaptersModal
        opened={initialising}
        subject={textbook.subject}
        stage={textbook.stage}
        onSubmit={async (treeId) => {
          const made = await changes.init.mutateAsync({ textbookId, treeId });
          const sections = flattenChapters(made.chapters).length - made.chapters.length;
          showSuccess(`已生成 ${made.chapters.length} 章、${sections} 个小节`);
          return made;
        }}
        onClose={() => setInitialising(false)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title="删除章节"
        message={
          deleting
            ? `确定删除「${deleting.name}」${
                descendantCount(deleting) > 0 ? `及其下 ${descendantCount(deleting)} 个小节` : ''
              }吗？`
            : ''
        }
        confirmLabel="删除"
        busy={changes.remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          changes.remove.mutate(deleting.id, {
            onSuccess: (removed) => {
              setDeleting(null);
              showSuccess(`已删除 ${removed} 个章节`);
            },
          })
        }
      />
    </Stack>
  );
}
