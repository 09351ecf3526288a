import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { treeNode } from '@/features/question/test-helpers';
import { act, fireEvent, render, screen } from '@/testing/test-utils';
import { NodeTree } from './node-tree';

// 集合 (510), 函数 (520) { 单调性 (521), 奇偶性 (522) }: rows 30 px high, one under the other.
const NODES = [
  treeNode(510, '集合', 0),
  treeNode(520, '函数', 0, [treeNode(521, '单调性', 520), treeNode(522, '奇偶性', 520)]),
];
const ROW = 30;

/** the test DOM lays nothing out: each row (and its handle) is given its place in the outline. */
function layOut() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const item = this.closest('[role="treeitem"]');
    const items = [...document.querySelectorAll('[role="treeitem"]')];
    const top = item ? items.indexOf(item) * ROW : 0;
    return { x: 0, y: top, top, left: 0, right: 400, bottom: top + ROW, width: 400, height: ROW, toJSON: () => ({}) };
  });
}

function renderTree() {
  const onMove = vi.fn();
  render(
    <NodeTree
      nodes={NODES}
      canEdit
      selectedId={null}
      onSelect={() => undefined}
      counts={new Map()}
      onAction={() => undefined}
      onMove={onMove}
    />,
  );
  return onMove;
}

/** Drags a node's handle by the pointer from its row to the height `y`. */
function drag(name: string, y: number) {
  const handle = screen.getByRole('button', { name: `拖动${name}` });
  const start = handle.getBoundingClientRect().top + ROW / 2;
  act(() => {
    fireEvent.pointerDown(handle, { clientX: 20, clientY: start, button: 0, isPrimary: true });
  });
  act(() => {
    fireEvent.pointerMove(document, { clientX: 20, clientY: start + 10 });
  });
  act(() => {
    fireEvent.pointerMove(document, { clientX: 20, clientY: y });
  });
  act(() => {
    fireEvent.pointerUp(document, { clientX: 20, clientY: y });
  });
}

beforeEach(layOut);
afterEach(() => vi.restoreAllMocks());

describe('NodeTree drag and drop', () => {
  it('drops a point into the middle of another as its last child', () => {
    const onMove = renderTree();
    // 集合 is the first row (0–30): its middle.
    drag('单调性', 15);
    expect(onMove).toHaveBeenCalledWith(521, { parentId: 510 });
  });

  it('drops before a row in its top quarter and after it in its bottom quarter', () => {
    const onMove = renderTree();
    drag('奇偶性', 2);
    expect(onMove).toHaveBeenLastCalledWith(522, { parentId: 0, index: 0 });
    // 单调性 is the third row (60–90): its bottom quarter puts 集合 after it.
    drag('集合', 88);
    expect(onMove).toHaveBeenLastCalledWith(510, { parentId: 520, index: 1 });
  });

  it('never drops a point into its own subtree', () => {
    const onMove = renderTree();
    drag('函数', 75);
    expect(onMove).not.toHaveBeenCalled();
  });
});
