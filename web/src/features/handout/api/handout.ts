// The REST side of the handout editor (spec 03 §7.1, paper service: paper/detail, paper/save,
// paper/headerInfo, paper/headerInfoSave).
//
// The server offers none of these calls yet: /knowledgeSectionEdit works on the co-edited Y
// document (`handout/{paperId}`) alone. This module is the one place where the paper's detail
// (title, subject, stage, paper type …) and its saves plug in once they exist. Until then
// `HANDOUT_REST` is false, nothing is called and nothing is made up.

import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

/** Turn on when the server offers the paper calls. */
export const HANDOUT_REST = false;

/** Paper fields (03 §3 "Paper fields"). */
export interface PaperDetail {
  paperId: number;
  paperTitle: string;
  paperType: number;
  subject: number;
  stage: number;
  schoolId: number;
  createTime: number;
}

/** POST paper/detail */
export function fetchPaperDetail(paperId: number, ver: number): Promise<PaperDetail> {
  return api.post<PaperDetail>('/api/paper/detail', { paperId, ver }, { noLoading: true });
}

/** The paper's detail, or null while the server has no detail call (or it failed). */
export function usePaperDetail(paperId: number | null, ver: number): PaperDetail | null {
  const [detail, setDetail] = useState<PaperDetail | null>(null);
  useEffect(() => {
    setDetail(null);
    if (!HANDOUT_REST || paperId === null) return;
    let live = true;
    fetchPaperDetail(paperId, ver).then(
      (d) => live && setDetail(d),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [paperId, ver]);
  return detail;
}
