import type { ReactNode } from 'react';
import { QueryPage } from '@/components/query-page';
import type { VisitDetail } from '@/generated/VisitDetail';
import { useVisit } from '../api/visits';

export interface VisitPageProps {
  id: number;
  /** The page drawn from the visit once read. */
  children: (detail: VisitDetail) => ReactNode;
}

/**
 * A visit's page (听课记录表, 听课学生): draws it once read; a visit that cannot be read says why
 * (the server's message: 听课记录不存在或无权查看).
 */
export function VisitPage({ id, children }: VisitPageProps) {
  const query = useVisit(id);
  return <QueryPage query={query}>{(detail) => children(detail)}</QueryPage>;
}
