import { describe, expect, it } from 'vitest';
import type { AtlasNodeView } from '@/generated/AtlasNodeView';
import { checkState, chosenNodes, packageRequest, toggleNode } from './atlas-selection';

const node = (id: number, name: string, parentId: number, children: AtlasNodeView[] = []): AtlasNodeView => ({
  id,
  treeId: 1,
  parentId,
  name,
  summary: '',
  children,
});

const tree: AtlasNodeView[] = [
  node(110, '函数', 0, [node(111, '函数的概念与表示', 110), node(112, '指数函数', 110)]),
  node(120, '导数及其应用', 0, [node(121, '导数的概念', 120), node(122, '导数的运算', 120)]),
];
const [functions, derivatives] = tree as [AtlasNodeView, AtlasNodeView];
const options = { subject: 54, stage: 4, paperType: 5 };

describe('atlas selection', () => {
  it('checks a chapter with its points and unchecks it again', () => {
    const checked = toggleNode(derivatives, new Set());
    expect([...checked].sort()).toEqual([121, 122]);
    expect(checkState(derivatives, checked)).toBe('checked');
    expect(checkState(functions, checked)).toBe('unchecked');
    expect(toggleNode(derivatives, checked).size).toBe(0);
  });

  it('shows a partly chosen chapter as indeterminate, and checking it completes it', () => {
    const one = toggleNode(derivatives.children[0]!, new Set());
    expect(checkState(derivatives, one)).toBe('indeterminate');
    expect([...toggleNode(derivatives, one)].sort()).toEqual([121, 122]);
  });

  it('sends a whole chapter as itself and single points one by one', () => {
    const checked = new Set([111, 121, 122]);
    expect(chosenNodes(tree, checked).map((n) => n.id)).toEqual([111, 120]);
  });

  it('builds the package request, naming the chapter of points from one chapter', () => {
    expect(packageRequest(tree, new Set(), options)).toBeNull();
    expect(packageRequest(tree, new Set([121, 122]), options)).toEqual({
      paperList: [{ atlasId: 120 }],
      subject: 54,
      stage: 4,
      paperType: 5,
      treeId: 1,
    });
    expect(packageRequest(tree, new Set([121]), options)).toEqual({
      paperList: [{ atlasId: 121 }],
      parentAtlasId: 120,
      subject: 54,
      stage: 4,
      paperType: 5,
      treeId: 1,
    });
    expect(packageRequest(tree, new Set([111, 121]), options)?.parentAtlasId).toBeUndefined();
  });
});
