// 知识库统计 (/knowledgeRepository/statistics): the storage used against the quota, and per space
// the folders (every level, team/queryAllFolder) and the items at its top; the items received,
// sent and in the recycle bin. Figures are read from the drive's own calls.

import { Stack, Table, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { StatCards } from '@/components/stat-cards';
import type { SpaceNode } from '@/generated/SpaceNode';
import { formatFileSize } from '@/lib/format';
import { folderPageQueryOptions, useSpaceTree } from '../api/drive';
import { allFoldersQueryOptions } from '../api/folders';
import { FIXED_ID, kindOfNode } from '../drive-location';
import { countFolders, quotaPercent } from '../drive-rules';

function spacesOf(nodes: readonly SpaceNode[]): { name: string; teamId: number }[] {
  const all = (list: readonly SpaceNode[]): SpaceNode[] => list.flatMap((n) => [n, ...all(n.children)]);
  return all(nodes).flatMap((n) => {
    const { kind, teamId } = kindOfNode(n.nodeId);
    if (kind === 'personal') return [{ name: n.nodeName, teamId: 0 }];
    if (kind === 'team') return [{ name: n.nodeName, teamId: n.teamId || teamId }];
    return [];
  });
}

const ONE = { pageNum: 1, pageSize: 1 };
const FIXED_LISTS = [
  { label: '收到的', id: FIXED_ID.received },
  { label: '发出的', id: FIXED_ID.sent },
  { label: '回收站', id: FIXED_ID.recycle },
];

export function DriveStatistics({ title = '知识库统计' }: { title?: string }) {
  const tree = useSpaceTree();
  const spaces = spacesOf(tree.data?.nodes ?? []);
  const tops = useQueries({
    queries: spaces.map((s) => folderPageQueryOptions(0, { ...ONE, teamId: s.teamId || undefined })),
  });
  const folders = useQueries({ queries: spaces.map((s) => allFoldersQueryOptions(s.teamId)) });
  const fixed = useQueries({ queries: FIXED_LISTS.map((l) => folderPageQueryOptions(l.id, ONE)) });
  const quota = tree.data?.quota;
  const count = (n: number | undefined) => (n === undefined ? '-' : String(n));
  return (
    <Stack p="md" gap="lg" data-testid="drive-statistics">
      <Title order={4}>{title}</Title>
      <StatCards
        title="存储空间"
        busy={tree.isFetching}
        items={[
          { label: '已用', value: quota ? formatFileSize(quota.used) : '-' },
          { label: '总量', value: quota ? formatFileSize(quota.limit) : '-' },
          { label: '使用比例', value: quota ? `${quotaPercent(quota).toFixed(1)}%` : '-' },
        ]}
        cols={{ base: 3 }}
      />
      <StatCards
        title="共享与回收站"
        busy={fixed.some((q) => q.isFetching)}
        items={FIXED_LISTS.map((l, i) => ({ label: l.label, value: count(fixed[i]?.data?.total) }))}
        cols={{ base: 3 }}
      />
      <section aria-label="各空间">
        <Title order={5} mb="xs">
          各空间
        </Title>
        <Table aria-label="各空间" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>空间</Table.Th>
              <Table.Th>文件夹（全部层级）</Table.Th>
              <Table.Th>顶层项目</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {spaces.map((s, i) => {
              const tree = folders[i]?.data;
              return (
                <Table.Tr key={s.teamId} aria-label={s.name}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>{tree ? countFolders(tree) : '-'}</Table.Td>
                  <Table.Td>{count(tops[i]?.data?.total)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </section>
    </Stack>
  );
}
