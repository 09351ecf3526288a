// A camp's members by progress, class, inactivity and name (server paging); a name opens the
// member's drawer.

import { Button, Checkbox, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import type { ClassStatRow } from '@/generated/ClassStatRow';
import { Limits } from '@/generated/codes';
import type { MemberConditionRequest } from '@/generated/MemberConditionRequest';
import type { MemberHead } from '@/generated/MemberHead';
import { useCampEnums, useCampMembers } from '../api/statistics';
import { classOptions, codeOf, formatDoneOf } from '../stats-format';
import { CellButton, ProgressBadge } from './cells';
import { column, instantColumn, rateColumn, scoreColumn, textColumn } from './columns';
import { MemberDrawer } from './member-drawer';

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;

/** The page shown for a search: another search starts again on page 1. */
function usePageNo(searchKey: string): [number, (pageNo: number) => void] {
  const [paging, setPaging] = useState({ searchKey, pageNo: 1 });
  const pageNo = paging.searchKey === searchKey ? paging.pageNo : 1;
  return [pageNo, (next: number) => setPaging({ searchKey, pageNo: next })];
}

export interface MemberSectionProps {
  campId: number;
  classes: readonly ClassStatRow[];
  inactiveDays: number;
}

export function MemberSection({ campId, classes, inactiveDays }: MemberSectionProps) {
  const progressCodes = useCampEnums().data?.progress ?? [];
  const [progress, setProgress] = useState<string | null>(null);
  const [classId, setClassId] = useState<string | null>(null);
  const [inactive, setInactive] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState('');
  const [opened, setOpened] = useState<MemberHead | null>(null);
  const search: MemberConditionRequest = {
    campId,
    progress: codeOf(progress),
    classId: codeOf(classId),
    inactive: inactive || undefined,
    keyword: keyword || undefined,
  };
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(search));
  const query = useCampMembers({ ...search, pageNo, pageSize: PAGE_SIZE });
  const total = query.data?.total ?? 0;

  const columns: ListTableColumn<MemberHead>[] = [
    column<MemberHead>('studentName', '学员姓名', 120, (m) => (
      <CellButton onClick={() => setOpened(m)}>{m.studentName}</CellButton>
    )),
    textColumn('studentCode', '学号', 110),
    textColumn('className', '班级', 150),
    column<MemberHead>('doneCount', '已完成/任务数', 120, (m) => formatDoneOf(m.doneCount, m.taskCount)),
    rateColumn('completionRate', '完成率'),
    scoreColumn('averageScore', '题集平均分', 110),
    column<MemberHead>('progress', '学习状态', 100, (m) => <ProgressBadge code={m.progress} name={m.progressName} />),
    instantColumn('joinedAt', '加入时间'),
    instantColumn('lastActiveAt', '最近学习'),
  ];

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    setKeyword(draft.trim());
  };

  return (
    <Stack gap="xs" component="section" aria-label="学员统计">
      <Title order={5}>学员统计</Title>
      <form onSubmit={submit} role="search" aria-label="学员筛选">
        <Group gap="sm" align="flex-end">
          <Select
            size="xs"
            label="学习状态"
            placeholder="全部"
            clearable
            data={progressCodes.map((p) => ({ value: String(p.code), label: p.name }))}
            value={progress}
            onChange={setProgress}
            w={120}
          />
          <Select
            size="xs"
            label="班级"
            placeholder="全部"
            clearable
            data={classOptions(classes)}
            value={classId}
            onChange={setClassId}
            w={180}
          />
          <Checkbox
            size="xs"
            mb={6}
            label={`近${inactiveDays}天未学习`}
            checked={inactive}
            onChange={(e) => setInactive(e.currentTarget.checked)}
          />
          <TextInput
            size="xs"
            label="关键词"
            placeholder="学员姓名或学号"
            maxLength={32}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            w={200}
          />
          <Button size="xs" type="submit">
            查询
          </Button>
        </Group>
      </form>
      <ListTable<MemberHead>
        label="学员统计"
        storeKey="camp-stats-members"
        columns={columns}
        records={query.data?.records ?? []}
        idAccessor="memberId"
        rowAttributes={(m) => ({ 'aria-label': m.studentName })}
        noRecordsText={query.isPending ? '加载中…' : '暂无学员'}
        fetching={query.isFetching}
        pinFirstColumn
      />
      <ListFooter
        page={pageNo}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        total={total}
        onPageChange={setPageNo}
      />
      <MemberDrawer campId={campId} member={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
