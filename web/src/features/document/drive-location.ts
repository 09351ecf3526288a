// Where the drive page is: the space-tree node and the folder listed, kept in the route's query
// (nodeId, id, nodeName, location, and parentId and path when a folder was opened) so that a
// reload or the browser's back button shows the same folder (03 §2).

import type { SpaceNode } from '@/generated/SpaceNode';

/** The kinds of nodes of the space tree (01 §3). */
export type SpaceKind = 'personal' | 'team' | 'shared' | 'received' | 'sent' | 'recycle';

/** The ids `list/v2/{id}` takes for the fixed nodes (and 0, the root of a space). */
export const FIXED_ID = {
  root: 0,
  shared: -90,
  received: -999,
  sent: -998,
  recycle: -99999,
} as const;

/** The `location` of each kind of node. */
export const LOCATION: Readonly<Record<SpaceKind, number>> = {
  personal: 1,
  team: 2,
  shared: 3,
  received: 3,
  sent: 4,
  recycle: 5,
};

const ROOT_ID: Readonly<Record<SpaceKind, number>> = {
  personal: FIXED_ID.root,
  team: FIXED_ID.root,
  shared: FIXED_ID.shared,
  received: FIXED_ID.received,
  sent: FIXED_ID.sent,
  recycle: FIXED_ID.recycle,
};

const DEFAULT_NAME: Readonly<Record<SpaceKind, string>> = {
  personal: '我的空间',
  team: '团队空间',
  shared: '共享',
  received: '收到的',
  sent: '发出的',
  recycle: '回收站',
};

export interface DriveLocation {
  /** The space-tree node: `personal`, `team-{id}`, `shared`, `received`, `sent`, `recycle`. */
  nodeId: string;
  kind: SpaceKind;
  /** The team of a team space (0 elsewhere). */
  teamId: number;
  /** The folder listed: 0 the root of the space, a folder's id, or the fixed node's id. */
  id: number;
  /** The node's name (shown until the folder's crumbs are read). */
  nodeName: string;
  location: number;
}

const TEAM_NODE = /^team-(\d+)$/;

/** The kind of a node id and its team (unknown ids are the personal space). */
export function kindOfNode(nodeId: string): { kind: SpaceKind; teamId: number } {
  const team = TEAM_NODE.exec(nodeId);
  if (team) return { kind: 'team', teamId: Number(team[1]) };
  if (nodeId === 'shared' || nodeId === 'received' || nodeId === 'sent' || nodeId === 'recycle') {
    return { kind: nodeId, teamId: 0 };
  }
  return { kind: 'personal', teamId: 0 };
}

/** The id listed at a node's top (0 for a space's root, the fixed id elsewhere). */
export function rootIdOf(kind: SpaceKind): number {
  return ROOT_ID[kind];
}

/** The node id of a kind (a team's needs its id). */
export function nodeIdOf(kind: SpaceKind, teamId = 0): string {
  return kind === 'team' ? `team-${teamId}` : kind;
}

const integer = (value: string | null): number | null => {
  if (value === null || !/^-?\d+$/.test(value.trim())) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
};

/** The location a route query names; without one, the root of the personal space. */
export function parseLocation(query: URLSearchParams): DriveLocation {
  const { kind, teamId } = kindOfNode(query.get('nodeId') ?? 'personal');
  const id = integer(query.get('id')) ?? rootIdOf(kind);
  return {
    nodeId: nodeIdOf(kind, teamId),
    kind,
    teamId,
    id,
    nodeName: query.get('nodeName') || DEFAULT_NAME[kind],
    location: LOCATION[kind],
  };
}

/** The top of a space-tree node. */
export function locationOfNode(node: SpaceNode): DriveLocation {
  const { kind, teamId } = kindOfNode(node.nodeId);
  return {
    nodeId: node.nodeId,
    kind,
    teamId: kind === 'team' ? node.teamId || teamId : 0,
    id: node.id,
    nodeName: node.nodeName,
    location: node.location,
  };
}

/** A folder opened inside `at` (the same node). */
export function insideFolder(at: DriveLocation, folderId: number): DriveLocation {
  return { ...at, id: folderId };
}

/** The route query of a location (and of the folder's parent and path when known). */
export function locationQuery(at: DriveLocation, extra: { parentId?: number; path?: string } = {}): string {
  const query = new URLSearchParams({
    nodeId: at.nodeId,
    id: String(at.id),
    nodeName: at.nodeName,
    location: String(at.location),
  });
  if (extra.parentId !== undefined) query.set('parentId', String(extra.parentId));
  if (extra.path) query.set('path', extra.path);
  return query.toString();
}

/** Whether the location is a folder of a personal or team space (not a share list or the bin). */
export function isSpace(at: DriveLocation): boolean {
  return at.kind === 'personal' || at.kind === 'team';
}

/** The `teamId` the list, create and upload calls take at a location (absent outside team spaces). */
export function teamIdOf(at: DriveLocation): number | undefined {
  return at.kind === 'team' ? at.teamId : undefined;
}
