import { CellBadge } from '@/components/data-table/cell-badge';
import { statusBadge } from '../exam-dict';

/** An exam's status: 已发布 (green) or 已撤回 (grey). */
export function ExamStatusBadge({ status, name }: { status: number; name: string }) {
  const badge = statusBadge(status, name);
  return <CellBadge color={badge.color} text={badge.text} />;
}
