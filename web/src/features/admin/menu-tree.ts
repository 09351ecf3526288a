// The menu nodes as the administration shows them: a tree flattened in the order the menu shows
// it (each level by sort, then code), each row with its depth and the roles it has from a granted
// ancestor (a grant covers the node's subtree).

import type { AdminMenuNode } from '@/generated/AdminMenuNode';

export interface MenuRow {
  node: AdminMenuNode;
  depth: number;
  /** Roles granted an ancestor of the node (so the node too). */
  inherited: string[];
}

const bySortThenCode = (a: AdminMenuNode, b: AdminMenuNode) => a.sort - b.sort || a.code.localeCompare(b.code);

/** The nodes in tree order; a node whose parent is missing is shown at the top level. */
export function menuRows(nodes: readonly AdminMenuNode[]): MenuRow[] {
  const codes = new Set(nodes.map((n) => n.code));
  const childrenOf = (parent: string | null) =>
    nodes
      .filter((n) =>
        parent === null ? n.parentCode === undefined || !codes.has(n.parentCode) : n.parentCode === parent,
      )
      .sort(bySortThenCode);
  const rows: MenuRow[] = [];
  const visit = (parent: string | null, depth: number, inherited: string[]) => {
    for (const node of childrenOf(parent)) {
      rows.push({ node, depth, inherited });
      visit(node.code, depth + 1, [...new Set([...inherited, ...node.roles])]);
    }
  };
  visit(null, 0, []);
  return rows;
}
