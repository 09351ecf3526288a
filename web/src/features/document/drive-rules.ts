// The drive's rules that need no screen: the quota's share, the crumbs shown, what a drop on a
// space does, which folders a move may target, web addresses, share links, e-mail lists.

import type { Crumb } from '@/generated/Crumb';
import type { DriveQuota } from '@/generated/DriveQuota';
import type { FolderNode } from '@/generated/FolderNode';
import type { PlanShare } from '@/generated/PlanShare';
import type { SpaceNode } from '@/generated/SpaceNode';
import { canWriteTeam } from './drive-dict';
import type { DropTarget } from './drive-drop';
import { type DriveLocation, isSpace, kindOfNode, rootIdOf } from './drive-location';

/** The share of the quota used, 0–100. */
export function quotaPercent({ used, limit }: DriveQuota): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (used / limit) * 100));
}

/**
 * The steps from the node's top to the folder listed: the server's crumbs, led by the node itself
 * when they do not start there. Outside the spaces a crumb of a space's root is the node's top.
 */
export function crumbsAt(at: DriveLocation, crumbs: readonly Crumb[]): Crumb[] {
  const top = rootIdOf(at.kind);
  const steps = isSpace(at) ? [...crumbs] : crumbs.map((c) => (c.id === 0 ? { ...c, id: top } : c));
  if (steps[0]?.id !== top) steps.unshift({ id: top, name: at.nodeName });
  return steps;
}

/** What dropping on a node does: into the root of a space I write in, or to the bin. */
export function dropOfNode(node: SpaceNode): DropTarget | null {
  const { kind, teamId } = kindOfNode(node.nodeId);
  if (kind === 'personal') return { kind: 'folder', targetId: 0, teamId: 0, label: node.nodeName };
  if (kind === 'team' && canWriteTeam(node.teamRole)) {
    return { kind: 'folder', targetId: 0, teamId: node.teamId || teamId, label: node.nodeName };
  }
  if (kind === 'recycle') return { kind: 'recycle', label: node.nodeName };
  return null;
}

/** Whether `node` is one of `ids` or inside one of them (its path names them). */
export function isExcluded(node: Pick<FolderNode, 'id' | 'path'>, ids: readonly number[]): boolean {
  return ids.some((id) => node.id === id || node.path.includes(`/${id}/`));
}

/** An http(s) address, or null. */
export function webAddress(text: string): string | null {
  const value = text.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') ? url.href : null;
  } catch {
    return null;
  }
}

/** The link as the user copies it: the page's address on this site. */
export function shareLinkOf(share: PlanShare, origin = window.location.origin): string {
  return /^https?:\/\//.test(share.url) ? share.url : `${origin}${share.url}`;
}

/** The e-mails of a text of several (commas, semicolons, spaces or new lines between). */
export function emailsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;，；、]+/)
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
}
