// Opening a file in place (POST /api/document/preview): images, PDF, video and audio in the
// preview dialog, web pages in a new tab, Office files downloaded.

import type { IdRequest } from '@/generated/IdRequest';
import type { PreviewLink } from '@/generated/PreviewLink';
import { api } from '@/lib/api-client';

export function getPreview(id: number): Promise<PreviewLink> {
  const body: IdRequest = { id };
  return api.post<PreviewLink>('/api/document/preview', body);
}

/** The kinds shown in the preview dialog. */
export type InPlaceKind = 'image' | 'pdf' | 'video' | 'audio';

export function isInPlace(kind: string): kind is InPlaceKind {
  return kind === 'image' || kind === 'pdf' || kind === 'video' || kind === 'audio';
}
