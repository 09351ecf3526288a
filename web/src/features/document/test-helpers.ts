// A drive for the tests: records, and a fake server over mocked fetch that keeps its items (so a
// folder made, renamed, moved, deleted or restored shows as the real server would list it).

import type { DriveItem } from '@/generated/DriveItem';
import type { FolderNode } from '@/generated/FolderNode';
import type { FolderPage } from '@/generated/FolderPage';
import type { ShareInfo } from '@/generated/ShareInfo';
import type { SpaceNode } from '@/generated/SpaceNode';
import type { Team } from '@/generated/Team';
import type { TeamMember } from '@/generated/TeamMember';
import { envelope, jsonBody, mockFetch } from '@/testing/test-utils';

export const AT = new Date(2026, 10, 24, 9).getTime();
export const GIB = 1024 ** 3;

export function driveItem(id: number, name: string, patch: Partial<DriveItem> = {}): DriveItem {
  const folder = patch.typeCode === 0;
  return {
    id,
    name,
    typeCode: 1,
    iconCode: folder ? 0 : 301,
    ext: folder ? '' : 'pdf',
    size: folder ? 0 : 2048,
    parentId: 0,
    teamId: 0,
    path: `/${id}/`,
    ownerId: 1,
    ownerName: '张老师',
    childCount: 0,
    canWrite: true,
    createTime: AT,
    updateTime: AT,
    ...patch,
  };
}

export const folder = (id: number, name: string, patch: Partial<DriveItem> = {}) =>
  driveItem(id, name, { typeCode: 0, iconCode: 0, ext: '', size: 0, ...patch });

function node(
  nodeId: string,
  nodeName: string,
  id: number,
  location: number,
  patch: Partial<SpaceNode> = {},
): SpaceNode {
  return {
    id,
    nodeId,
    nodeName,
    parentId: 0,
    path: '',
    location,
    iconClass: '',
    teamId: 0,
    teamRole: 0,
    children: [],
    ...patch,
  };
}

export function team(teamId: number, name: string, role = 1): Team {
  return { teamId, name, ownerId: 1, role, memberCount: 2, createTime: AT };
}

/** The space tree of the fixed nodes and one node per team. */
export function spaceNodes(teams: Team[]): SpaceNode[] {
  return [
    node('personal', '我的空间', 0, 1),
    ...teams.map((t) => node(`team-${t.teamId}`, t.name, 0, 2, { teamId: t.teamId, teamRole: t.role })),
    node('shared', '共享', -90, 3, {
      children: [node('received', '收到的', -999, 3), node('sent', '发出的', -998, 4)],
    }),
    node('recycle', '回收站', -99999, 5),
  ];
}

export function member(userId: number, name: string, role: number): TeamMember {
  return { userId, name, email: `${name}@demo.eduhub`, role, joinTime: AT };
}

/** A share of `item` by 李老师 (2) with 张老师 (1); a team share has `receiverTeamId`. */
export function shareInfo(
  shareId: number,
  item: Pick<DriveItem, 'id' | 'name'>,
  patch: Partial<ShareInfo> = {},
): ShareInfo {
  return {
    shareId,
    itemId: item.id,
    itemName: item.name,
    senderId: 2,
    senderName: '李老师',
    receiverId: 1,
    receiverTeamId: 0,
    receiverName: '张老师',
    shareTime: AT,
    ...patch,
  };
}

export interface DriveState {
  items: DriveItem[];
  received: DriveItem[];
  sent: DriveItem[];
  teams: Team[];
  members: TeamMember[];
  /** The shares of team items (team/shares, whatever the team). */
  teamShares: ShareInfo[];
  used: number;
  limit: number;
  nextId: number;
}

const isLive = (i: DriveItem) => i.deletedTime === undefined;

/** The folder's ancestors and itself as crumbs, from the space's root. */
function crumbsOf(state: DriveState, id: number, rootName: string) {
  const crumbs = [{ id: 0, name: rootName }];
  const chain: { id: number; name: string }[] = [];
  let at = state.items.find((i) => i.id === id);
  while (at) {
    chain.unshift({ id: at.id, name: at.name });
    const parent = at.parentId;
    at = parent ? state.items.find((i) => i.id === parent) : undefined;
  }
  return [...crumbs, ...chain];
}

function folderTree(state: DriveState, teamId: number, parentId: number): FolderNode[] {
  return state.items
    .filter((i) => isLive(i) && i.typeCode === 0 && i.teamId === teamId && i.parentId === parentId)
    .map((f) => {
      const children = folderTree(state, teamId, f.id);
      return { id: f.id, name: f.name, parentId: f.parentId, path: f.path, hasChildren: children.length > 0, children };
    });
}

const byOrder = (a: DriveItem, b: DriveItem) =>
  Number(b.typeCode === 0) - Number(a.typeCode === 0) || a.name.localeCompare(b.name);

/** Moves an item and its subtree (path rewritten) into a folder of a space. */
function moveInto(state: DriveState, id: number, targetId: number, teamId: number) {
  const item = state.items.find((i) => i.id === id);
  if (!item) return;
  const parentPath = targetId ? (state.items.find((i) => i.id === targetId)?.path ?? '/') : '/';
  const oldPath = item.path;
  const newPath = `${parentPath}${id}/`;
  state.items = state.items.map((i) =>
    i.path.startsWith(oldPath)
      ? { ...i, path: newPath + i.path.slice(oldPath.length), teamId, parentId: i.id === id ? targetId : i.parentId }
      : i,
  );
}

/**
 * A fake drive server: every call of the drive page, answered from `state` (which tests may also
 * change, as another tab would). Unknown calls answer A0404.
 */
export function driveServer(initial: Partial<DriveState> = {}) {
  const state: DriveState = {
    items: [],
    received: [],
    sent: [],
    teams: [team(5, '数学教研组', 1)],
    members: [member(1, '张老师', 1), member(2, '李老师', 2)],
    teamShares: [],
    used: 1536,
    limit: 10 * GIB,
    nextId: 100,
    ...initial,
  };
  const body = (init?: RequestInit) => jsonBody(init);
  const ids = (init?: RequestInit) => (body(init).ids as number[] | undefined) ?? [];
  const recycle = (list: number[]) => {
    const paths = state.items.filter((i) => list.includes(i.id)).map((i) => i.path);
    state.items = state.items.map((i) => (paths.some((p) => i.path.startsWith(p)) ? { ...i, deletedTime: AT + 1 } : i));
    return envelope(null);
  };
  const page = (
    folderId: number,
    teamId: number,
    records: DriveItem[],
    canWrite: boolean,
    rootName: string,
  ): FolderPage => ({
    folderId,
    teamId,
    location: folderId === -99999 ? 5 : teamId ? 2 : 1,
    crumbs: folderId > 0 ? crumbsOf(state, folderId, rootName) : [{ id: folderId, name: rootName }],
    canWrite,
    records: [...records].sort(byOrder),
    total: records.length,
    pageNo: 1,
    pageSize: 30,
  });
  const fetch = mockFetch([
    [
      'POST',
      '/api/document/allDocuments',
      () => envelope({ nodes: spaceNodes(state.teams), quota: { used: state.used, limit: state.limit } }),
    ],
    [
      'POST',
      '/api/document/list/v2/',
      (url, init) => {
        const id = Number(url.pathname.split('/').pop());
        const teamId = Number(body(init).teamId ?? 0);
        const like = typeof body(init).likeName === 'string' ? (body(init).likeName as string) : '';
        const named = (list: DriveItem[]) => list.filter((i) => i.name.includes(like));
        if (id === -99999) return envelope(page(id, 0, named(state.items.filter((i) => !isLive(i))), false, '回收站'));
        if (id === -999) return envelope(page(id, 0, named(state.received), false, '收到的'));
        if (id === -998) return envelope(page(id, 0, named(state.sent), false, '发出的'));
        const rootName = teamId ? (state.teams.find((t) => t.teamId === teamId)?.name ?? '') : '我的空间';
        const records = state.items.filter((i) => isLive(i) && i.parentId === id && (id > 0 || i.teamId === teamId));
        return envelope(page(id, teamId, named(records), true, rootName));
      },
    ],
    [
      'POST',
      '/api/document/create',
      (_url, init) => {
        const b = body(init);
        state.nextId += 1;
        const parentId = Number(b.parentId ?? 0);
        const parentPath = parentId ? (state.items.find((i) => i.id === parentId)?.path ?? '/') : '/';
        const common = { parentId, teamId: Number(b.teamId ?? 0), path: `${parentPath}${state.nextId}/` };
        const made = b.fileId
          ? driveItem(state.nextId, String(b.name), common)
          : folder(state.nextId, String(b.name), common);
        state.items.push(made);
        return envelope(made);
      },
    ],
    [
      'POST',
      '/api/document/rename',
      (_url, init) => {
        const { id, name } = body(init) as { id: number; name: string };
        state.items = state.items.map((i) => (i.id === id ? { ...i, name } : i));
        return envelope(state.items.find((i) => i.id === id));
      },
    ],
    ['POST', '/api/document/moveRecycle/', (url) => recycle([Number(url.pathname.split('/').pop())])],
    ['POST', '/api/batch/moveRecycle', (_url, init) => recycle(ids(init))],
    [
      'POST',
      '/api/document/move',
      (_url, init) => {
        const { id, targetId, teamId } = body(init) as { id: number; targetId: number; teamId?: number };
        moveInto(state, id, targetId, teamId ?? 0);
        return envelope({ ids: [id], count: 1 });
      },
    ],
    [
      'POST',
      '/api/batch/move',
      (_url, init) => {
        const { targetId, teamId } = body(init) as { targetId: number; teamId?: number };
        ids(init).forEach((id) => moveInto(state, id, targetId, teamId ?? 0));
        return envelope({ ids: ids(init), count: ids(init).length });
      },
    ],
    ['POST', '/api/batch/copy', (_url, init) => envelope({ ids: ids(init).map((id) => id + 1000), count: 1 })],
    [
      'POST',
      '/api/document/restore',
      (_url, init) => {
        const list = ids(init);
        const paths = state.items.filter((i) => list.includes(i.id)).map((i) => i.path);
        state.items = state.items.map((i) =>
          paths.some((p) => i.path.startsWith(p)) ? { ...i, deletedTime: undefined } : i,
        );
        return envelope(null);
      },
    ],
    [
      'POST',
      '/api/document/batchDelete',
      (_url, init) => {
        state.items = state.items.filter((i) => !ids(init).includes(i.id));
        return envelope(null);
      },
    ],
    [
      'POST',
      '/api/document/delete',
      (_url, init) => {
        state.items = state.items.filter((i) => i.id !== body(init).id);
        return envelope(null);
      },
    ],
    [
      'POST',
      '/api/document/emptyRecycle',
      () => {
        state.items = state.items.filter(isLive);
        return envelope(null);
      },
    ],
    [
      'POST',
      '/api/document/shareCandidates',
      (_url, init) =>
        envelope(
          [
            { userId: 2, name: '李老师', email: 'teacher2@demo.eduhub' },
            { userId: 3, name: '王老师', email: 'teacher3@demo.eduhub' },
          ].filter((c) => c.name.includes(String(body(init).keyword)) || c.email.includes(String(body(init).keyword))),
        ),
    ],
    ['POST', '/api/document/teamShareToPerson', () => envelope({ shares: [] })],
    ['POST', '/api/document/batchTeamShareToPerson', () => envelope({ shares: [] })],
    [
      'POST',
      '/api/document/share/revoke',
      (_url, init) => {
        state.teamShares = state.teamShares.filter((s) => s.shareId !== body(init).shareId);
        return envelope(true);
      },
    ],
    [
      'POST',
      '/api/document/planShareInfo',
      (_url, init) =>
        envelope({
          code: String(body(init).code),
          senderName: '李老师',
          expireTime: AT + 7 * 86_400_000,
          items: [folder(9, '期末复习', { childCount: 3 })],
        }),
    ],
    ['POST', '/api/document/planShare/save', () => envelope({ ids: [201], count: 4 })],
    ['POST', '/api/document/planShare/revoke', () => envelope(null)],
    [
      'POST',
      '/api/document/planShare',
      () => envelope({ code: 'abc123', url: '/knowledgeRepository/mainSpace?share=abc123', expireTime: AT }),
    ],
    [
      'POST',
      '/api/document/preview',
      () => envelope({ kind: 'pdf', url: '/api/files/preview/1?sig=s', expireTime: AT }),
    ],
    [
      'POST',
      '/api/document/copyJob',
      (_url, init) => envelope({ jobId: body(init).id, status: 2, percent: 10, total: 50 }),
    ],
    ['POST', '/api/team/operate/getList', () => envelope(state.teams)],
    [
      'POST',
      '/api/team/queryAllFolder',
      (_url, init) => envelope(folderTree(state, Number(body(init).teamId ?? 0), 0)),
    ],
    ['POST', '/api/team/members', () => envelope(state.members)],
    ['POST', '/api/team/shares', () => envelope(state.teamShares)],
    [
      'POST',
      '/api/team/member/add',
      (_url, init) => {
        const added = (body(init).emails as string[]).map((e, i) =>
          member(10 + i, e.split('@')[0] ?? e, Number(body(init).role)),
        );
        state.members.push(...added);
        return envelope(added);
      },
    ],
    [
      'POST',
      '/api/team/create',
      (_url, init) => {
        const made = team(state.teams.length + 10, String(body(init).name), 1);
        state.teams.push(made);
        return envelope(made);
      },
    ],
  ]);
  return { state, fetch };
}
