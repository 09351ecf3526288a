// The learning camps' pages (学习营, 03 §3, §4, §7.8): my camps, a camp's builder, and the
// students' page of a join link (outside the main layout, no login).

import { useParams, useSearchParams } from 'react-router';
import { CampBuilder } from '@/features/camp/components/camp-builder';
import { CampList } from '@/features/camp/components/camp-list';
import { CampJoinPage } from '@/features/camp/student/camp-join-page';
import { NotLoaded } from '@/features/teaching/components/loading';

/** /knowledgeRepository/training/camps */
export function TrainingCampsRoute() {
  return <CampList />;
}

/** /knowledgeRepository/training/camp/{id} */
export function TrainingCampEditRoute() {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotLoaded text="链接中缺少有效的营地编号（id）。" />;
  return <CampBuilder key={id} campId={id} />;
}

/** /campJoin?token={signed join token} */
export function CampJoinRoute() {
  const [params] = useSearchParams();
  return <CampJoinPage token={params.get('token')?.trim() ?? ''} />;
}
