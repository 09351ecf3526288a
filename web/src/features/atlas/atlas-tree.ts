// A knowledge tree's nodes as the editor works on them: walked in order with their depth and path,
// found by id, and where a node goes when it is dropped on another (before it, into it, after it)
// or stepped up, down, out or in. A place is the server's: a parent (0 the top level) and the index
// among the parent's other children (none: last), never inside the node's own subtree.

import type { AtlasTree } from '@/generated/AtlasTree';
import type { AtlasTreeNode } from '@/generated/AtlasTreeNode';

export interface FlatNode {
  node: AtlasTreeNode;
  depth: number;
  /** The names from the top level down to the node. */
  path: string[];
}

/** Every node in document order, with its depth (0 the top level) and path. */
export function flattenNodes(nodes: readonly AtlasTreeNode[], depth = 0, path: string[] = []): FlatNode[] {
  return nodes.flatMap((node) => {
    const here = [...path, node.name];
    return [{ node, depth, path: here }, ...flattenNodes(node.children, depth + 1, here)];
  });
}

export function findNode(nodes: readonly AtlasTreeNode[], id: number): AtlasTreeNode | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return null;
}

/** The children of `parentId` (0: the top level), in order. */
export function childrenOf(nodes: readonly AtlasTreeNode[], parentId: number): readonly AtlasTreeNode[] {
  if (parentId === 0) return nodes;
  return findNode(nodes, parentId)?.children ?? [];
}

/** How many nodes are under `node` (not counting itself). */
export function descendantCount(node: AtlasTreeNode): number {
  return node.children.reduce((n, c) => n + 1 + descendantCount(c), 0);
}

function inSubtree(node: AtlasTreeNode, id: number): boolean {
  return node.id === id || node.children.some((c) => inSubtree(c, id));
}

export interface MoveTo {
  parentId: number;
  /** Among the parent's other children; none: last. */
  index?: number;
}

export type Placement = 'before' | 'inside' | 'after';

/** Where over a row of height `height` starting at `top` a point at `y` drops: its top quarter, bottom quarter or middle. */
export function placementAt(y: number, top: number, height: number): Placement {
  if (height <= 0) return 'inside';
  const ratio = (y - top) / height;
  if (ratio < 0.25) return 'before';
  if (ratio > 0.75) return 'after';
  return 'inside';
}

/** Whether `to` is where the node already is. */
function isSamePlace(nodes: readonly AtlasTreeNode[], node: AtlasTreeNode, to: MoveTo): boolean {
  if (to.parentId !== node.parentId) return false;
  const siblings = childrenOf(nodes, node.parentId);
  const now = siblings.findIndex((s) => s.id === node.id);
  return (to.index ?? siblings.length - 1) === now;
}

/**
 * Where `nodeId` goes when dropped on `overId` at `placement`; null when it cannot go there (onto
 * itself or into its own subtree) or would not move.
 */
export function dropTarget(
  nodes: readonly AtlasTreeNode[],
  nodeId: number,
  overId: number,
  placement: Placement,
): MoveTo | null {
  const node = findNode(nodes, nodeId);
  const over = findNode(nodes, overId);
  if (!node || !over || inSubtree(node, overId)) return null;
  let to: MoveTo;
  if (placement === 'inside') {
    to = { parentId: over.id };
  } else {
    const others = childrenOf(nodes, over.parentId).filter((s) => s.id !== node.id);
    const at = others.findIndex((s) => s.id === over.id);
    to = { parentId: over.parentId, index: placement === 'before' ? at : at + 1 };
  }
  return isSamePlace(nodes, node, to) ? null : to;
}

export type Step = 'up' | 'down' | 'outdent' | 'indent';

/** Where a step takes the node (上移, 下移, 升一级, 降一级); null when it cannot take that step. */
export function stepTarget(nodes: readonly AtlasTreeNode[], nodeId: number, step: Step): MoveTo | null {
  const node = findNode(nodes, nodeId);
  if (!node) return null;
  const siblings = childrenOf(nodes, node.parentId);
  const at = siblings.findIndex((s) => s.id === node.id);
  switch (step) {
    case 'up':
      return at > 0 ? { parentId: node.parentId, index: at - 1 } : null;
    case 'down':
      return at < siblings.length - 1 ? { parentId: node.parentId, index: at + 1 } : null;
    case 'outdent': {
      const parent = node.parentId === 0 ? null : findNode(nodes, node.parentId);
      if (!parent) return null;
      const uncles = childrenOf(nodes, parent.parentId);
      return { parentId: parent.parentId, index: uncles.findIndex((u) => u.id === parent.id) + 1 };
    }
    case 'indent': {
      const previous = siblings[at - 1];
      return previous ? { parentId: previous.id } : null;
    }
  }
}

/** The tree a page opens: the centre's first published tree, else the first offered. */
export function defaultTree(trees: readonly AtlasTree[]): AtlasTree | null {
  return trees.find((t) => t.ownerId === 0 && t.published) ?? trees[0] ?? null;
}
