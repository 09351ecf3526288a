// The columns of the exam lists: the name opens the exam; time, members, handed in, average and
// status as the server answers them.

import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { ListTableColumn } from '@/components/data-table/list-table';
import type { ExamRow } from '@/generated/ExamRow';
import { formatAverage, formatCount, formatInstant } from '@/lib/report-format';
import { examDetailPath } from '../exam-paths';
import { ExamStatusBadge } from './exam-status-badge';

/** An exam's time: its start and end. */
export const examTime = (e: Pick<ExamRow, 'startTime' | 'endTime'>) =>
  `${formatInstant(e.startTime)} ~ ${formatInstant(e.endTime)}`;

export function examColumns(withOwner: boolean): ListTableColumn<ExamRow>[] {
  return [
    {
      accessor: 'examName',
      title: '考试名称',
      width: 200,
      render: (e) => (
        <Anchor component={Link} to={examDetailPath(e.examId)} size="sm">
          {e.examName}
        </Anchor>
      ),
    },
    { accessor: 'startTime', title: '考试时间', width: 300, render: examTime },
    ...(withOwner ? [{ accessor: 'ownerName', title: '发布人', width: 100 } as ListTableColumn<ExamRow>] : []),
    {
      accessor: 'memberCount',
      title: '人数',
      width: 70,
      textAlign: 'right',
      render: (e) => formatCount(e.memberCount),
    },
    {
      accessor: 'submittedCount',
      title: '已交/人数',
      width: 100,
      textAlign: 'right',
      render: (e) => `${formatCount(e.submittedCount)}/${formatCount(e.memberCount)}`,
    },
    {
      accessor: 'averageScore',
      title: '平均分',
      width: 90,
      textAlign: 'right',
      render: (e) => formatAverage(e.averageScore),
    },
    {
      accessor: 'status',
      title: '状态',
      width: 90,
      render: (e) => <ExamStatusBadge status={e.status} name={e.statusName} />,
    },
    { accessor: 'publishedAt', title: '发布时间', width: 150, render: (e) => formatInstant(e.publishedAt) },
  ];
}
