import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { actionColumn, badgeColumn, instantColumn, textColumn } from '@/features/teaching/components/columns';
import { PagedTable } from '@/features/teaching/components/paged-table';
import { usePageNo } from '@/features/teaching/use-page-no';
import type { VisitRow } from '@/generated/VisitRow';
import { showSuccess } from '@/lib/toast';
import { useDeleteVisit, useVisits } from '../api/visits';
import { PAGE_SIZE, visitRowLabel, visitStatusBadge } from '../record-tool-dict';
import { proceedRecordPath, RECORD_TOOL_ROUTES, recordToolPath } from '../record-tool-paths';
import { defaultVisitFilters, toVisitListRequest, type VisitFilters } from '../visit-search';
import { VisitFilterBar } from './visit-filter-bar';

export const VISIT_TABLE = '听课记录';

function columns(onDelete: (row: VisitRow) => void): ListTableColumn<VisitRow>[] {
  return [
    instantColumn('lessonStart', '上课时间', 150),
    textColumn('className', '班级', 160, (r) => (r.classCode ? `${r.className}（${r.classCode}）` : r.className)),
    textColumn('lessonTitle', '课次', 120),
    textColumn('subjectName', '学科', 80),
    textColumn('teacherName', '授课老师', 100),
    textColumn('schoolName', '校区', 120),
    textColumn('visitorName', '听课人', 100),
    badgeColumn('status', '状态', (r) => visitStatusBadge(r.status, r.statusName), 90),
    textColumn('totalScore', '得分', 90, (r) => `${r.totalScore}/${r.maxTotal}`),
    actionColumn(
      (r) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={proceedRecordPath(r.id)} size="sm" aria-label={`查看 ${visitRowLabel(r)}`}>
            查看
          </Anchor>
          {r.canDelete && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              c="red"
              aria-label={`删除 ${visitRowLabel(r)}`}
              onClick={() => onDelete(r)}
            >
              删除
            </Anchor>
          )}
        </Group>
      ),
      110,
    ),
  ];
}

/**
 * /recordTool/recordVisitManage (听课管理): the visits of the lessons of a period — a manager's
 * or inspector's in their schools, a teacher's the finished visits of their own lessons —
 * filtered by status, to the caller's own and by a keyword, 20 a page; each opens its record
 * sheet, and the caller's own (an administrator's: any) may be deleted after a confirmation.
 */
export function RecordVisitManage() {
  const [filters, setFilters] = useState<VisitFilters>(() => defaultVisitFilters(Date.now()));
  const searchKey = JSON.stringify(filters);
  const [pageNo, setPageNo] = usePageNo(searchKey);
  const query = useVisits(toVisitListRequest(filters, pageNo, PAGE_SIZE));
  const remove = useDeleteVisit();
  const [deleting, setDeleting] = useState<VisitRow | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showSuccess('听课记录已删除');
        setDeleting(null);
      },
    });
  };

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={4}>听课管理</Title>
        <Button component={Link} to={recordToolPath(RECORD_TOOL_ROUTES.start)} size="xs">
          开始听课
        </Button>
      </Group>
      <VisitFilterBar value={filters} onApply={setFilters} />
      <PagedTable<VisitRow>
        label={VISIT_TABLE}
        storeKey="record-visit-manage"
        columns={columns(setDeleting)}
        query={query}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        idAccessor="id"
        rowLabel={visitRowLabel}
        noRecordsText="暂无听课记录"
      />
      <ConfirmModal
        opened={deleting !== null}
        title="删除听课记录"
        message={
          deleting
            ? `确定删除${deleting.visitorName}对「${deleting.className} ${deleting.lessonTitle}」的听课记录吗？删除后不可恢复。`
            : ''
        }
        confirmLabel="删除"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
