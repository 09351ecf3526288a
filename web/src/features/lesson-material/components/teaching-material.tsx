import { Alert, Badge, Center, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ScopeSelect } from '@/components/scope-select';
import { AID_PAGE_SIZE } from '@/features/teaching-aid/aid-dict';
import { usePreparedAids } from '@/features/teaching-aid/api/aids';
import { aidColumns } from '@/features/teaching-aid/components/aid-columns';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { PagedTable } from '@/features/teaching/components/paged-table';
import { usePageNo } from '@/features/teaching/use-page-no';
import { useChapterTree } from '@/features/teaching-material/api/books';
import { ChapterTree } from '@/features/teaching-material/components/chapter-tree';
import type { TeachingAid } from '@/generated/TeachingAid';
import type { TeachingAidListRequest } from '@/generated/TeachingAidListRequest';
import { useScope } from '@/hooks/use-scope';
import { usePickedBook } from '../hooks/use-picked-book';
import { BookShelf } from './book-shelf';

type Tab = 'textbooks' | 'aids';

/**
 * 教辅资料 (/easyLessonPreparation/teachingMaterial): what a teacher prepares lessons from — the
 * published textbooks by stage and subject with their chapters, knowledge points and the bank's
 * questions on them, and the published teaching aids, whose content opens in the paper editor
 * (read-only; 复制讲义 there makes the teacher's own copy).
 */
export function TeachingMaterial({ title }: { title: string }) {
  const [tab, setTab] = useState<Tab>('textbooks');
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      <Tabs value={tab} onChange={(v) => setTab(v === 'aids' ? 'aids' : 'textbooks')} keepMounted={false}>
        <Tabs.List aria-label="教辅资料">
          <Tabs.Tab value="textbooks">教材</Tabs.Tab>
          <Tabs.Tab value="aids">教辅</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="textbooks" pt="md">
          <Textbooks />
        </Tabs.Panel>
        <Tabs.Panel value="aids" pt="md">
          <Aids />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Textbooks() {
  const { tree, textbookId, pick } = usePickedBook();
  return (
    <BookShelf tree={tree} textbookId={textbookId} onPick={pick} noBookText="选择左侧的教材查看目录">
      {(id) => <BookChapters key={id} textbookId={id} />}
    </BookShelf>
  );
}

function BookChapters({ textbookId }: { textbookId: number }) {
  const query = useChapterTree(textbookId);
  if (query.isPending)
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="正在加载目录" />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="orange" title="目录加载失败">
        {query.error.message}
      </Alert>
    );
  const { textbook, chapters } = query.data;
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        <div>
          <Group gap="xs">
            <Title order={5}>{textbook.name}</Title>
            {textbook.edition && (
              <Badge variant="light" color="indigo">
                {textbook.edition}
              </Badge>
            )}
            {textbook.grade && (
              <Badge variant="light" color="gray">
                {textbook.grade}
              </Badge>
            )}
          </Group>
          {textbook.description && (
            <Text size="sm" c="dimmed" mt={4}>
              {textbook.description}
            </Text>
          )}
        </div>
        {chapters.length === 0 ? (
          <Text c="dimmed" size="sm">
            这本教材还没有目录
          </Text>
        ) : (
          <ChapterTree chapters={chapters} />
        )}
      </Stack>
    </Paper>
  );
}

function Aids() {
  const [scope, choose] = useScope();
  const [keyword, setKeyword] = useState('');
  const search: TeachingAidListRequest | null = scope && {
    subject: scope.subject,
    stage: scope.stage,
    ...(keyword ? { keyword } : {}),
  };
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(search));
  const query = usePreparedAids(search && { ...search, pageNo, pageSize: AID_PAGE_SIZE });
  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="md">
        <KeywordSearch placeholder="教辅标题" value={keyword} onSearch={setKeyword}>
          <ScopeSelect size="xs" value={scope} onChange={choose} />
        </KeywordSearch>
      </Paper>
      {!scope ? (
        <Text c="dimmed">请先选择学段与学科</Text>
      ) : (
        <PagedTable<TeachingAid>
          label="教辅"
          storeKey="lesson-material-aids"
          columns={aidColumns({ linkTitle: false, withSeries: true, withStatus: false })}
          query={query}
          pageNo={pageNo}
          pageSize={AID_PAGE_SIZE}
          onPageChange={setPageNo}
          idAccessor="id"
          rowLabel={(a) => a.title}
          noRecordsText={keyword ? '没有符合条件的教辅' : '还没有发布的教辅'}
        />
      )}
    </Stack>
  );
}
