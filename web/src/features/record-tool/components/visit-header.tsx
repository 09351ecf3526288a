import type { ReactNode } from 'react';
import { CellBadge } from '@/components/data-table/cell-badge';
import { lessonTimeText } from '@/features/teaching/calendar';
import { type Fact, FactsCard } from '@/features/teaching/components/facts';
import type { VisitDetail } from '@/generated/VisitDetail';
import { formatInstant } from '@/lib/report-format';
import { VISIT_FINISHED, visitStatusBadge } from '../record-tool-dict';

export interface VisitHeaderProps {
  detail: VisitDetail;
  /** At the heading's far end (the visit's other pages). */
  actions?: ReactNode;
}

/** The visited lesson and the visit: class and title, its status, time, teacher, school, visitor. */
export function VisitHeader({ detail, actions }: VisitHeaderProps) {
  const { lesson } = detail;
  const status = visitStatusBadge(detail.status, detail.statusName);
  const facts: Fact[] = [
    ['上课时间', lessonTimeText(lesson.startTime, lesson.endTime)],
    ['学科', [lesson.subjectName, lesson.gradeName].filter(Boolean).join(' · ')],
    ['授课老师', lesson.teacherName],
    ['校区', detail.schoolName],
    ['听课人', detail.visitorName],
    ['开始记录', formatInstant(detail.startedAt)],
  ];
  if (detail.status === VISIT_FINISHED) facts.push(['完成时间', formatInstant(detail.finishedAt)]);
  return (
    <FactsCard
      title={lesson.title ? `${lesson.className} · ${lesson.title}` : lesson.className}
      badges={<CellBadge color={status.color} text={status.text} />}
      actions={actions}
      facts={facts}
    />
  );
}
