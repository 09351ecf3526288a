// The columns of the aid lists: the title (opening the aid's page in the library), the series, the
// description, the status and the last change; the actions open the aid's paper in the editor
// (read-only for whoever may not change it) and, for the library's editors, change the aid.

import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CellBadge } from '@/components/data-table/cell-badge';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { knowledgeSectionEditPath } from '@/config/paths';
import { statusBadge } from '@/features/teaching-material/textbook-dict';
import type { TeachingAid } from '@/generated/TeachingAid';
import { orDash } from '@/lib/format';
import { formatInstant } from '@/lib/report-format';
import { teachingAidSyllabusPath } from '../aid-paths';

export interface AidColumnsOptions {
  /** The title opens the aid's page (the library); otherwise it is plain text. */
  linkTitle: boolean;
  withSeries: boolean;
  withStatus: boolean;
  /** 编辑 for the library's editors. */
  onEdit?: (aid: TeachingAid) => void;
}

export function aidColumns({
  linkTitle,
  withSeries,
  withStatus,
  onEdit,
}: AidColumnsOptions): ListTableColumn<TeachingAid>[] {
  const columns: (ListTableColumn<TeachingAid> | null)[] = [
    {
      accessor: 'title',
      title: '教辅标题',
      width: 220,
      render: (a) =>
        linkTitle ? (
          <Anchor component={Link} to={teachingAidSyllabusPath(a.id, a.title)} size="sm">
            {a.title}
          </Anchor>
        ) : (
          a.title
        ),
    },
    withSeries ? { accessor: 'seriesName', title: '系列', width: 140 } : null,
    {
      accessor: 'description',
      title: '简介',
      width: 260,
      render: (a) => (
        <Text size="sm" lineClamp={2}>
          {orDash(a.description)}
        </Text>
      ),
    },
    withStatus
      ? {
          accessor: 'status',
          title: '状态',
          width: 90,
          render: (a) => {
            const badge = statusBadge(a.status);
            return <CellBadge color={badge.color} text={badge.text} />;
          },
        }
      : null,
    { accessor: 'updateTime', title: '更新时间', width: 150, render: (a) => formatInstant(a.updateTime) },
    {
      accessor: 'actions',
      title: '操作',
      width: onEdit ? 150 : 100,
      toggleable: false,
      render: (a) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={knowledgeSectionEditPath(a.paperId)} size="sm">
            {onEdit ? '编辑内容' : '查看内容'}
          </Anchor>
          {onEdit && (
            <Button size="compact-sm" variant="subtle" onClick={() => onEdit(a)}>
              编辑
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return columns.filter((c): c is ListTableColumn<TeachingAid> => c !== null);
}
