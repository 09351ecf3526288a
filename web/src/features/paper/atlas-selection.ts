// Choosing atlas nodes for lecture assembly: the user checks chapters and points; what is
// checked is kept as the set of checked leaves (a chapter is checked when all its points are),
// and becomes the package request's node list.

import type { AtlasNodeView } from '@/generated/AtlasNodeView';
import type { PaperPackageRequest } from '@/generated/PaperPackageRequest';

export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

/** The ids of the leaves under `node` (itself when it has no children). */
export function leafIds(node: AtlasNodeView): number[] {
  return node.children.length === 0 ? [node.id] : node.children.flatMap(leafIds);
}

export function checkState(node: AtlasNodeView, checked: ReadonlySet<number>): CheckState {
  const leaves = leafIds(node);
  const count = leaves.filter((id) => checked.has(id)).length;
  if (count === 0) return 'unchecked';
  return count === leaves.length ? 'checked' : 'indeterminate';
}

/** Checks `node` with everything under it, or unchecks it when it is checked already. */
export function toggleNode(node: AtlasNodeView, checked: ReadonlySet<number>): Set<number> {
  const next = new Set(checked);
  const leaves = leafIds(node);
  if (checkState(node, checked) === 'checked') leaves.forEach((id) => next.delete(id));
  else leaves.forEach((id) => next.add(id));
  return next;
}

/**
 * The nodes to send: a wholly checked node whose children are all points goes as itself (the
 * server brings its points); otherwise its checked descendants go one by one.
 */
export function chosenNodes(nodes: readonly AtlasNodeView[], checked: ReadonlySet<number>): AtlasNodeView[] {
  return nodes.flatMap((node) => {
    const state = checkState(node, checked);
    if (state === 'unchecked') return [];
    if (state === 'checked' && node.children.every((c) => c.children.length === 0)) return [node];
    return chosenNodes(node.children, checked);
  });
}

/**
 * The package request for the checked nodes, null when nothing is checked. Points of one chapter
 * name the chapter as their parent (the paper is titled after it).
 */
export function packageRequest(
  nodes: readonly AtlasNodeView[],
  checked: ReadonlySet<number>,
  { subject, stage, paperType }: { subject: number; stage: number; paperType: number },
): PaperPackageRequest | null {
  const chosen = chosenNodes(nodes, checked);
  const first = chosen[0];
  if (!first) return null;
  const parents = new Set(chosen.map((n) => n.parentId));
  const [parent] = parents;
  const request: PaperPackageRequest = {
    paperList: chosen.map((n) => ({ atlasId: n.id })),
    subject,
    stage,
    paperType,
    treeId: first.treeId,
  };
  if (parents.size === 1 && parent !== undefined && parent > 0) request.parentAtlasId = parent;
  return request;
}
