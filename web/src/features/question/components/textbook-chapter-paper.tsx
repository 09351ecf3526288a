import { Alert, Center, Grid, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useBasket } from '@/features/basket/api/basket';
import { BookShelf } from '@/features/lesson-material/components/book-shelf';
import { usePickedBook } from '@/features/lesson-material/hooks/use-picked-book';
import { useChapterTree } from '@/features/teaching-material/api/books';
import type { TextbookChapters } from '@/generated/TextbookChapters';
import { formatCount } from '@/lib/report-format';
import { findChapter } from '../textbook-chapters';
import { BasketPage } from './basket-page';
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
  const { tree, textbookId, pick } = usePickedBook();
  const basket = useBasket();
  const book = useChapterTree(textbookId);
  const scope = book.data?.textbook;

  return (
    <BasketPage
      title={title}
      count={formatCount(basket.data?.total)}
      subject={scope?.subject ?? null}
      stage={scope?.stage ?? null}
    >
      <BookShelf tree={tree} textbookId={textbookId} onPick={pick} noBookText="选择左侧的教材，再按章节选题">
        {(id) =>
          book.isPending ? (
            <Center p="xl">
              <Loader size="sm" aria-label="正在加载目录" />
            </Center>
          ) : book.isError ? (
            <Alert color="orange" title="目录加载失败">
              {book.error.message}
            </Alert>
          ) : (
            <BookChapters key={id} book={book.data} />
          )
        }
      </BookShelf>
    </BasketPage>
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
