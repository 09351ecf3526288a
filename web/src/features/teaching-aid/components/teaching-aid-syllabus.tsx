import { Alert, Anchor, Badge, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { knowledgeSectionEditPath } from '@/config/paths';
import { useTabTitle } from '@/features/tabs/hooks/use-tab-title';
import { FactsCard } from '@/features/teaching/components/facts';
import { statusBadge } from '@/features/teaching-material/textbook-dict';
import { formatInstant } from '@/lib/report-format';
import { isLibraryEditor, useSession } from '@/lib/session';
import { useAid } from '../api/aids';
import { teachingAidLibraryPath } from '../aid-paths';
import { AidFormModal } from './aid-form-modal';

export interface TeachingAidSyllabusProps {
  aidId: number;
  /** The page's title (the `title` query: the aid's title as the list gave it). */
  title: string | null;
  /** The route's own title, while neither is known. */
  fallbackTitle: string;
}

/**
 * 教辅目录 (/easyDevelop/teachingAidlibrary/syllabus/{id}?title={title}): an aid's series, status,
 * description and times, and its paper, opened in the paper editor (read-only for whoever may not
 * change it). The library's editors change the aid here too.
 */
export function TeachingAidSyllabus({ aidId, title, fallbackTitle }: TeachingAidSyllabusProps) {
  useTabTitle(title);
  const editor = useSession((s) => isLibraryEditor(s.user));
  const query = useAid(aidId);
  const [editing, setEditing] = useState(false);
  const heading = title ?? query.data?.title ?? fallbackTitle;

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>{heading}</Title>
        <Anchor component={Link} to={teachingAidLibraryPath()} size="sm">
          返回教辅库
        </Anchor>
      </Group>
      {query.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label="正在加载教辅" />
        </Center>
      ) : query.isError ? (
        <Alert color="orange" title="教辅加载失败">
          {query.error.message}
        </Alert>
      ) : (
        <>
          <FactsCard
            title={query.data.title}
            badges={
              <Badge color={statusBadge(query.data.status).color} variant="light">
                {statusBadge(query.data.status).text}
              </Badge>
            }
            facts={[
              ['系列', query.data.seriesName],
              ['简介', query.data.description],
              ['创建时间', formatInstant(query.data.createTime)],
              ['更新时间', formatInstant(query.data.updateTime)],
            ]}
          />
          <Group gap="xs">
            <Button component={Link} to={knowledgeSectionEditPath(query.data.paperId)}>
              {editor ? '编辑内容' : '查看内容'}
            </Button>
            {editor && (
              <Button variant="default" onClick={() => setEditing(true)}>
                编辑信息
              </Button>
            )}
          </Group>
        </>
      )}
      {editor && query.data && (
        <AidFormModal mode={editing ? { kind: 'edit', aid: query.data } : null} onClose={() => setEditing(false)} />
      )}
    </Stack>
  );
}
