// The query keys of the drive's server state. Everything a drive page reads is under `drive`, so
// that a push saying items changed (`magic_drive_changed`) reads what is on screen again; the
// teams (their names and members) are under `drive/teams`.

import type { DocumentQuery } from '@/generated/DocumentQuery';

const all = ['drive'] as const;

export const driveKeys = {
  all,
  tree: () => [...all, 'tree'] as const,
  lists: () => [...all, 'list'] as const,
  list: (folderId: number, query: DocumentQuery) => [...all, 'list', folderId, query] as const,
  /** Every folder of a space (the move and copy picker). */
  folders: (teamId: number) => [...all, 'folders', teamId] as const,
  /** The drive in figures (知识库统计). */
  statistics: () => [...all, 'statistics'] as const,
  teams: () => [...all, 'teams'] as const,
  members: (teamId: number) => [...all, 'teams', teamId, 'members'] as const,
  /** The shares of a team's items (the owner's view). */
  teamShares: (teamId: number) => [...all, 'teams', teamId, 'shares'] as const,
  candidates: (keyword: string) => [...all, 'candidates', keyword] as const,
  planShareInfo: (code: string) => [...all, 'planShare', code] as const,
};
