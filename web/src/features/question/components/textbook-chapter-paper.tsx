import { Alert, Badge, Button, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { NavTree } from '@/components/nav-tree';
import { useBasket } from '@/features/basket/api/basket';
import { BasketDrawer } from '@/features/basket/components/basket-drawer';
import { defaultBook } from '@/features/lesson-material/book-tree';
import { useBookTree, useChapterTree } from '@/features/teaching-material/api/books';
import type { TextbookChapters } from '@/generated/TextbookChapters';
import { formatCount } from '@/lib/report-format';
import { useSession } from '@/lib/session';
import { findChapter } from '../textbook-chapters';
import { ChapterPicker } from './chapter-picker';
import { ChapterQuestions } from './chapter-questions';

/**
 * 教材章节 (/knowledgeSelection/textBookChapters): questions chosen by textbook chapter. The
 * published textbooks by stage and subject (book/bookTree; the header's first by default), the
 * chosen one's chapters and sections (book/chapterTree), and the bank's questions on the chosen
 * chapter's knowledge points; picked questions go into the basket (试题篮), which is assembled
 * into a handout of the textbook's subject and stage.
 */
export function TextbookChapterPaper({ title }: { title: string }) {
  const selection = useSession((s) => s.selection);
  const tree = useBookTree();
  const basket = useBasket();
  const [picked, setPicked] = useState<number | null>(null);
  const textbookId = picked ?? defaultBook(tree.data ?? [], selection);
  const book = useChapterTree(textbookId);
  const [drawer, setDrawer] = useState(false);
  const scope = book.data?.textbook;

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        <Button
          variant="light"
          onClick={() => setDrawer(true)}
          rightSection={
            <Badge size="sm" variant="filled" aria-label="试题篮题数">
              {formatCount(basket.data?.total)}
            </Badge>
          }
        >
          试题篮
        </Button>
      </Group>
      <Grid gutter="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="sm" radius="md">
            {tree.isPending ? (
              <Center p="md">
                <Loader size="sm" aria-label="正在加载教材" />
              </Center>
            ) : tree.isError ? (
              <Alert color="orange" title="教材加载失败">
                {tree.error.message}
              </Alert>
            ) : tree.data.length === 0 ? (
              <Text c="dimmed" size="sm">
                还没有发布的教材
              </Text>
            ) : (
              <NavTree
                nodes={tree.data}
                leafId={(n) => n.textbookId}
                selectedId={textbookId}
                onSelect={setPicked}
                label="教材"
              />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {textbookId === null ? (
            <Paper withBorder p="xl" radius="md">
              <Text c="dimmed" ta="center">
                选择左侧的教材，再按章节选题
              </Text>
            </Paper>
          ) : book.isPending ? (
            <Center p="xl">
              <Loader size="sm" aria-label="正在加载目录" />
            </Center>
          ) : book.isError ? (
            <Alert color="orange" title="目录加载失败">
              {book.error.message}
            </Alert>
          ) : (
            <BookChapters key={textbookId} book={book.data} />
          )}
        </Grid.Col>
      </Grid>
      <BasketDrawer
        opened={drawer}
        onClose={() => setDrawer(false)}
        subject={scope?.subject ?? null}
        stage={scope?.stage ?? null}
      />
    </Stack>
  );
}

/** A book's chapters to pick from, beside the chosen chapter's questions (the first chapter at first). */
function BookChapters({ book }: { book: TextbookChapters }) {
  const { textbook, chapters } = book;
  const [chapterId, setChapterId] = useState<number | null>(null);
  const chapter = findChapter(chapters, chapterId) ?? chapters[0] ?? null;
  if (chapters.length === 0)
    return (
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed" ta="center">
          这本教材还没有目录
        </Text>
      </Paper>
    );
  return (
    <Grid gutter="md" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Text fw={600}>{textbook.name}</Text>
            <ChapterPicker chapters={chapters} selectedId={chapter?.id ?? null} onSelect={(c) => setChapterId(c.id)} />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        {chapter && (
          <ChapterQuestions key={chapter.id} chapter={chapter} subject={textbook.subject} stage={textbook.stage} />
        )}
      </Grid.Col>
    </Grid>
  );
}
