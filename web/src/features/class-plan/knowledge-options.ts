// The knowledge points an item may name, as the picker lists them: the atlas's chapters as
// groups, each with the points under it (a deeper point named with its parent); points an item
// already names that the atlas no longer has stay listed, so that they show and can be removed.
// Pure functions.

import type { AnalysisPoint } from '@/generated/AnalysisPoint';
import type { AtlasNodeView } from '@/generated/AtlasNodeView';

export interface PointOption {
  value: string;
  label: string;
}

export interface PointGroup {
  group: string;
  items: PointOption[];
}

/** The group of points named by items but not in the atlas. */
export const OTHER_POINTS = '其他知识点';

function descendants(node: AtlasNodeView, prefix: string): PointOption[] {
  return node.children.flatMap((child) => [
    { value: String(child.id), label: prefix ? `${prefix} / ${child.name}` : child.name },
    ...descendants(child, prefix ? `${prefix} / ${child.name}` : child.name),
  ]);
}

/** The atlas as groups: a chapter's points under it; a chapter without points is its own point. */
export function pointGroups(tree: readonly AtlasNodeView[], known: readonly AnalysisPoint[] = []): PointGroup[] {
  const groups: PointGroup[] = tree.map((root) => {
    const items = root.children.flatMap((child) => [
      { value: String(child.id), label: child.name },
      ...descendants(child, child.name),
    ]);
    return { group: root.name, items: items.length > 0 ? items : [{ value: String(root.id), label: root.name }] };
  });
  const listed = new Set(groups.flatMap((g) => g.items.map((i) => i.value)));
  const others = known
    .filter((p, i) => !listed.has(String(p.nodeId)) && known.findIndex((q) => q.nodeId === p.nodeId) === i)
    .map((p) => ({ value: String(p.nodeId), label: p.name }));
  return others.length > 0 ? [...groups, { group: OTHER_POINTS, items: others }] : groups;
}
