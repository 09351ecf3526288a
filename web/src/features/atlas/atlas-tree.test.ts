import { describe, expect, it } from 'vitest';
import type { AtlasTreeNode } from '@/generated/AtlasTreeNode';
import { childrenOf, descendantCount, dropTarget, findNode, flattenNodes, placementAt, stepTarget } from './atlas-tree';

const node = (id: number, name: string, parentId: number, children: AtlasTreeNode[] = []): AtlasTreeNode => ({
  id,
  treeId: 1,
  parentId,
  name,
  summary: '',
  sort: 0,
  depth: 0,
  questionCount: 0,
  children,
});

// 函数 (10) { 概念 (11), 指数函数 (12) { 图像 (121) } }, 导数 (20) { 定义 (21) }, 数列 (30)
const tree = [
  node(10, '函数', 0, [node(11, '概念', 10), node(12, '指数函数', 10, [node(121, '图像', 12)])]),
  node(20, '导数', 0, [node(21, '定义', 20)]),
  node(30, '数列', 0),
];

describe('atlas tree', () => {
  it('walks nodes in order with their depth and path, and finds them', () => {
    expect(flattenNodes(tree).map((f) => [f.node.id, f.depth, f.path.join('/')])).toEqual([
      [10, 0, '函数'],
      [11, 1, '函数/概念'],
      [12, 1, '函数/指数函数'],
      [121, 2, '函数/指数函数/图像'],
      [20, 0, '导数'],
      [21, 1, '导数/定义'],
      [30, 0, '数列'],
    ]);
    expect(findNode(tree, 121)?.name).toBe('图像');
    expect(findNode(tree, 99)).toBeNull();
    expect(childrenOf(tree, 0).map((n) => n.id)).toEqual([10, 20, 30]);
    expect(childrenOf(tree, 12).map((n) => n.id)).toEqual([121]);
    expect(descendantCount(tree[0]!)).toBe(3);
  });

  it('places a drop by the pointer: top quarter before, bottom quarter after, else inside', () => {
    expect(placementAt(102, 100, 40)).toBe('before');
    expect(placementAt(120, 100, 40)).toBe('inside');
    expect(placementAt(138, 100, 40)).toBe('after');
    expect(placementAt(5, 0, 0)).toBe('inside');
  });

  it('moves into a node as its last child, and before or after a node among its siblings', () => {
    expect(dropTarget(tree, 30, 20, 'inside')).toEqual({ parentId: 20 });
    expect(dropTarget(tree, 30, 11, 'before')).toEqual({ parentId: 10, index: 0 });
    expect(dropTarget(tree, 30, 11, 'after')).toEqual({ parentId: 10, index: 1 });
    // Among its own siblings the index counts the others only.
    expect(dropTarget(tree, 10, 30, 'after')).toEqual({ parentId: 0, index: 2 });
    expect(dropTarget(tree, 30, 10, 'before')).toEqual({ parentId: 0, index: 0 });
    expect(dropTarget(tree, 121, 10, 'after')).toEqual({ parentId: 0, index: 1 });
  });

  it('refuses a drop onto the node itself or into its subtree, and one that would not move it', () => {
    expect(dropTarget(tree, 10, 10, 'inside')).toBeNull();
    expect(dropTarget(tree, 10, 121, 'inside')).toBeNull();
    expect(dropTarget(tree, 10, 11, 'before')).toBeNull();
    expect(dropTarget(tree, 10, 20, 'before')).toBeNull();
    expect(dropTarget(tree, 20, 10, 'after')).toBeNull();
    expect(dropTarget(tree, 121, 12, 'inside')).toBeNull();
  });

  it('steps a node up, down, out of its parent and into its previous sibling', () => {
    expect(stepTarget(tree, 20, 'up')).toEqual({ parentId: 0, index: 0 });
    expect(stepTarget(tree, 10, 'up')).toBeNull();
    expect(stepTarget(tree, 20, 'down')).toEqual({ parentId: 0, index: 2 });
    expect(stepTarget(tree, 30, 'down')).toBeNull();
    expect(stepTarget(tree, 121, 'outdent')).toEqual({ parentId: 10, index: 2 });
    expect(stepTarget(tree, 11, 'outdent')).toEqual({ parentId: 0, index: 1 });
    expect(stepTarget(tree, 10, 'outdent')).toBeNull();
    expect(stepTarget(tree, 20, 'indent')).toEqual({ parentId: 10 });
    expect(stepTarget(tree, 11, 'indent')).toBeNull();
  });
});
