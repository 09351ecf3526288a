import { Alert, Input, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { StatCards } from '@/components/stat-cards';
import { formatCount } from '@/lib/report-format';
import { isContentAdmin, useSession } from '@/lib/session';
import { useCollectionCounts } from '../api/collection-counts';
import { AUDIT_STATUSES } from '../audit-dict';
import { matrixRows, matrixSearches, type MatrixRow, passRate } from '../collection-matrix';
import { PAPER_TYPES } from '../paper-rules';

type Scope = 'visible' | 'mine';

const typeName = (code: number | null) =>
  code === null ? '合计' : (PAPER_TYPES.find((t) => t.code === code)?.name ?? String(code));

const COLUMNS: ListTableColumn<MatrixRow>[] = [
  { accessor: 'paperType', title: '类型', width: 100, render: (r) => typeName(r.paperType) },
  { accessor: 'total', title: '全部', width: 90, render: (r) => formatCount(r.total) },
  ...AUDIT_STATUSES.map<ListTableColumn<MatrixRow>>((s) => ({
    accessor: `status${s.status}`,
    title: s.text,
    width: 90,
    render: (r) => formatCount(r.byStatus.get(s.status)),
  })),
  {
    accessor: 'passRate',
    title: '通过率',
    width: 90,
    tooltip: '已通过 ÷（已通过 + 未通过）',
    render: passRate,
  },
];

/**
 * 收集统计 (/paperCollection/statistics): how many papers the collection holds by audit state and
 * paper type, each figure the server's count of a paper/collection search under the caller's
 * visibility — 全部可见: the caller's own papers with the library's approved ones (a content
 * admin: with every paper submitted for audit); 我的: the caller's own. The pass rate is approved of
 * those the audit settled.
 */
export function CollectionStatistics({ title }: { title: string }) {
  const admin = useSession((s) => isContentAdmin(s.user));
  const [scope, setScope] = useState<Scope>('visible');
  const counts = useCollectionCounts(matrixSearches(scope === 'mine'));
  const rows = matrixRows(counts.totals);
  const all = rows[0];
  const cards = all
    ? [
        { label: '全部', value: formatCount(all.total) },
        ...AUDIT_STATUSES.map((s) => ({ label: s.text, value: formatCount(all.byStatus.get(s.status)) })),
        { label: '通过率', value: passRate(all) },
      ]
    : [];

  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      <Input.Wrapper label="范围" size="xs">
        <SegmentedControl
          size="xs"
          aria-label="范围"
          data={[
            { value: 'visible', label: '全部可见' },
            { value: 'mine', label: '我的' },
          ]}
          value={scope}
          onChange={(v) => setScope(v === 'mine' ? 'mine' : 'visible')}
          display="flex"
          w="fit-content"
        />
      </Input.Wrapper>
      <Text size="xs" c="dimmed">
        {scope === 'mine'
          ? '统计我创建的全部讲义与试卷。'
          : admin
            ? '统计我的讲义、提交审核过的全部讲义与讲义库中的讲义；他人的草稿不计入。'
            : '统计我的讲义与讲义库中已通过审核的讲义；他人未通过审核的讲义不计入。'}
      </Text>
      {counts.error && (
        <Alert color="orange" title="部分统计未能读取">
          {counts.error}
        </Alert>
      )}
      <StatCards title="审核概况" items={cards} busy={counts.fetching} cols={{ base: 2, sm: 3, lg: 6 }} />
      <Stack gap="xs">
        <Title order={5}>按类型统计</Title>
        <ListTable<MatrixRow>
          label="按类型统计"
          storeKey="paper-collection-statistics"
          columns={COLUMNS}
          records={rows}
          idAccessor={(r) => r.paperType ?? 0}
          rowAttributes={(r) => ({ 'aria-label': typeName(r.paperType) })}
          noRecordsText="暂无数据"
          fetching={counts.fetching}
          pinFirstColumn
        />
      </Stack>
    </Stack>
  );
}
