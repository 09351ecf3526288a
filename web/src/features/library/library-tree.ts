// The lecture library (class types → outlines) as the page walks it: the outlines in the order the
// caller chose, and the one opened first.

import type { LibraryTreeNode } from '@/generated/LibraryTreeNode';

/** The class types with their outlines, by name when `sortBy` is 'name' (else as the server gave them). */
export function sortedLibrary(nodes: readonly LibraryTreeNode[], sortBy: string): LibraryTreeNode[] {
  if (sortBy !== 'name') return [...nodes];
  const byName = (a: LibraryTreeNode, b: LibraryTreeNode) => a.name.localeCompare(b.name, 'zh-Hans-CN');
  return nodes.map((n) => ({ ...n, children: [...n.children].sort(byName) }));
}

/** The ids of the outlines under `nodes`, in order. */
export function outlineIds(nodes: readonly LibraryTreeNode[]): number[] {
  return nodes.flatMap((n) => (n.outlineId !== null ? [n.outlineId] : outlineIds(n.children)));
}
