import { Anchor, Button, Group, Input, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import type { CampListRequest } from '@/generated/CampListRequest';
import type { CampListRow } from '@/generated/CampListRow';
import { formatDateTime } from '@/lib/format';
import { useCampList } from '../api/camps';
import { useCollections } from '../api/collections';
import { CAMP_STATUSES, wasPublished } from '../camp-dict';
import { campEditPath, campStatisticsPath } from '../camp-paths';
import { CampStatusBadge } from './badges';
import { CreateCampModal } from './create-camp-modal';

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: '全部状态' },
  ...CAMP_STATUSES.map((s) => ({ value: String(s.status), label: s.text })),
];

const instant = (ms: number | null) => (ms ? formatDateTime(new Date(ms)) : '-');

function columns(collectionName: (id: number | null) => string): ListTableColumn<CampListRow>[] {
  return [
    {
      accessor: 'campName',
      title: '营地名称',
      width: 220,
      render: (c) => (
        <Anchor component={Link} to={campEditPath(c.campId)} size="sm">
          {c.campName}
        </Anchor>
      ),
    },
    {
      accessor: 'status',
      title: '状态',
      width: 90,
      render: (c) => <CampStatusBadge status={c.status} name={c.statusName} />,
    },
    { accessor: 'collectionId', title: '合集', width: 140, render: (c) => collectionName(c.collectionId) },
    { accessor: 'phaseCount', title: '阶段', width: 70, textAlign: 'right' },
    { accessor: 'taskCount', title: '任务', width: 70, textAlign: 'right' },
    { accessor: 'memberCount', title: '学员', width: 70, textAlign: 'right' },
    { accessor: 'publishedAt', title: '发布时间', width: 150, render: (c) => instant(c.publishedAt) },
    { accessor: 'updatedAt', title: '更新时间', width: 150, render: (c) => instant(c.updatedAt) },
    {
      accessor: 'actions',
      title: '操作',
      width: 140,
      render: (c) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={campEditPath(c.campId)} size="sm">
            编辑
          </Anchor>
          {wasPublished(c.status) && (
            <Anchor component={Link} to={campStatisticsPath(c.campId)} size="sm">
              统计
            </Anchor>
          )}
        </Group>
      ),
    },
  ];
}

/**
 * 学习营 (/knowledgeRepository/training/camps): my camps by collection, keyword and status; a
 * camp opens its builder, a published one its statistics too; 新建学习营 creates a draft.
 */
export function CampList() {
  const [collection, setCollection] = useState(ALL);
  const [status, setStatus] = useState(ALL);
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const collections = useCollections();
  const request: CampListRequest = {
    collectionId: collection === ALL ? undefined : Number(collection),
    keyword: keyword || undefined,
    status: status === ALL ? undefined : Number(status),
  };
  const camps = useCampList(request);
  const collectionName = (id: number | null) =>
    collections.data?.find((c) => c.collectionId === id)?.collectionName ?? '-';
  const rows = camps.data ?? [];
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>学习营</Title>
        <Button onClick={() => setCreating(true)}>新建学习营</Button>
      </Group>
      <KeywordSearch placeholder="营地名称" value={keyword} onSearch={setKeyword}>
        <Input.Wrapper label="合集" size="xs">
          <Select
            size="xs"
            aria-label="合集"
            data={[
              { value: ALL, label: '全部合集' },
              ...(collections.data ?? []).map((c) => ({
                value: String(c.collectionId),
                label: `${c.collectionName}（${c.campCount}）`,
              })),
            ]}
            value={collection}
            onChange={(v) => setCollection(v ?? ALL)}
            allowDeselect={false}
            w={200}
          />
        </Input.Wrapper>
        <Input.Wrapper label="状态" size="xs">
          <Select
            size="xs"
            aria-label="状态"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(v) => setStatus(v ?? ALL)}
            allowDeselect={false}
            w={140}
          />
        </Input.Wrapper>
      </KeywordSearch>
      <ListTable<CampListRow>
        label="学习营列表"
        storeKey="camp-list"
        columns={columns(collectionName)}
        records={rows}
        idAccessor="campId"
        rowAttributes={(c) => ({ 'aria-label': c.campName, 'data-camp-id': c.campId })}
        noRecordsText="暂无学习营，点击「新建学习营」创建"
        fetching={camps.isFetching}
        pinFirstColumn
        pinLastColumn
      />
      <Text size="xs" c="dimmed">
        共 {rows.length} 个
      </Text>
      {creating && (
        <CreateCampModal
          opened
          onClose={() => setCreating(false)}
          collectionId={collection === ALL ? null : Number(collection)}
        />
      )}
    </Stack>
  );
}
