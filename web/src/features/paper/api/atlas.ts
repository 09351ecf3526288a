// The knowledge atlas and lecture assembly (spec 03 §2, §7.1 "Atlas", "Paper"): the atlas of a
// subject and stage as trees of chapters and points, and paper/package, which assembles a new
// paper from chosen nodes (a chapter brings its points).

import { useQuery } from '@tanstack/react-query';
import type { AtlasNodeView } from '@/generated/AtlasNodeView';
import type { AtlasTreeRequest } from '@/generated/AtlasTreeRequest';
import type { PaperPackageRequest } from '@/generated/PaperPackageRequest';
import type { PaperPackageResult } from '@/generated/PaperPackageResult';
import { api } from '@/lib/api-client';

/** POST /api/atlas/tree */
export function fetchAtlasTree(subject: number, stage: number): Promise<AtlasNodeView[]> {
  const body: AtlasTreeRequest = { subject, stage };
  return api.post<AtlasNodeView[]>('/api/atlas/tree', body, { noLoading: true });
}

/** POST /api/paper/package; the web then opens the new paper's editor. */
export function packagePaper(request: PaperPackageRequest): Promise<PaperPackageResult> {
  return api.post<PaperPackageResult>('/api/paper/package', request, { loadingText: '正在组装讲义' });
}

/** The atlas of a subject and stage (null: none chosen yet). */
export function useAtlasTree(subject: number | null, stage: number | null) {
  return useQuery({
    queryKey: ['atlas', subject, stage] as const,
    queryFn: () => fetchAtlasTree(subject ?? 0, stage ?? 0),
    enabled: subject !== null && stage !== null,
  });
}
