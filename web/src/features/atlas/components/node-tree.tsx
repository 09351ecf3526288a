// The nodes of a tree as an outline the editor arranges: a node is dragged by its handle (dnd-kit)
// and dropped before a node (its top quarter), after it (its bottom quarter) or into it as its last
// child (the middle); the menu of each node adds, renames, deletes and steps it (上移, 下移, 升一级,
// 降一级), which also serves without a pointer. A drag starts after the pointer moved a few pixels.

import {
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { ActionIcon, Badge, Group, Menu, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { type CSSProperties, useState } from 'react';
import type { AtlasTreeNode } from '@/generated/AtlasTreeNode';
import { dropTarget, findNode, type MoveTo, type Placement, placementAt, type Step, stepTarget } from '../atlas-tree';

export type NodeAction = 'addChild' | 'addSibling' | 'rename' | 'delete';

export interface NodeTreeProps {
  nodes: readonly AtlasTreeNode[];
  canEdit: boolean;
  selectedId: number | null;
  onSelect: (node: AtlasTreeNode) => void;
  /** Questions on each node with its subtree (tree/queryResource), where known. */
  counts: ReadonlyMap<number, number>;
  onAction: (action: NodeAction, node: AtlasTreeNode) => void;
  onMove: (nodeId: number, to: MoveTo) => void;
}

interface Hint {
  overId: number;
  placement: Placement;
}

const STEPS: readonly [Step, string][] = [
  ['up', '上移'],
  ['down', '下移'],
  ['outdent', '升一级'],
  ['indent', '降一级'],
];

const nodeIdOf = (data: unknown): number | null =>
  typeof data === 'object' && data !== null && typeof (data as { nodeId?: unknown }).nodeId === 'number'
    ? (data as { nodeId: number }).nodeId
    : null;

/** The pointer's height now: where the drag began plus how far it went. */
function pointerY(event: DragMoveEvent | DragEndEvent): number | null {
  const start = event.activatorEvent;
  if (!('clientY' in start) || typeof start.clientY !== 'number') return null;
  return start.clientY + event.delta.y;
}

function hintOf(event: DragMoveEvent | DragEndEvent): Hint | null {
  const overId = nodeIdOf(event.over?.data.current);
  const rect = event.over?.rect;
  if (overId === null || !rect) return null;
  const y = pointerY(event);
  return { overId, placement: y === null ? 'inside' : placementAt(y, rect.top, rect.height) };
}

export function NodeTree({ nodes, canEdit, selectedId, onSelect, counts, onAction, onMove }: NodeTreeProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const [dragging, setDragging] = useState<AtlasTreeNode | null>(null);
  const [hint, setHint] = useState<Hint | null>(null);
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());

  const toggle = (id: number) =>
    setClosed((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onDragStart = ({ active }: DragStartEvent) => {
    const id = nodeIdOf(active.data.current);
    setDragging(id === null ? null : findNode(nodes, id));
  };
  const onDragMove = (event: DragMoveEvent) => {
    const next = hintOf(event);
    const moving = nodeIdOf(event.active.data.current);
    // A hint only where the node may go.
    const allowed = next && moving !== null && dropTarget(nodes, moving, next.overId, next.placement) ? next : null;
    setHint((h) => (h?.overId === allowed?.overId && h?.placement === allowed?.placement ? h : allowed));
  };
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    setHint(null);
    const moving = nodeIdOf(event.active.data.current);
    const at = hintOf(event);
    if (moving === null || !at) return;
    const to = dropTarget(nodes, moving, at.overId, at.placement);
    if (to) onMove(moving, to);
  };

  const rows = (list: readonly AtlasTreeNode[], depth: number) =>
    list.map((node) => (
      <NodeBranch
        key={node.id}
        node={node}
        depth={depth}
        open={!closed.has(node.id)}
        onToggle={() => toggle(node.id)}
        selected={node.id === selectedId}
        onSelect={() => onSelect(node)}
        count={counts.get(node.id) ?? null}
        canEdit={canEdit}
        hint={hint?.overId === node.id ? hint.placement : null}
        onAction={(action) => onAction(action, node)}
        steps={STEPS.map(([step, label]) => ({ label, to: stepTarget(nodes, node.id, step) }))}
        onStep={(to) => onMove(node.id, to)}
      >
        {!closed.has(node.id) && rows(node.children, depth + 1)}
      </NodeBranch>
    ));

  if (nodes.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {canEdit ? '还没有知识点，点“添加一级知识点”开始' : '这个图谱还没有知识点'}
      </Text>
    );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDragging(null);
        setHint(null);
      }}
      accessibility={{
        announcements: {
          onDragStart: () => '已拿起知识点',
          onDragOver: () => '',
          onDragMove: () => '',
          onDragEnd: () => '已放下',
          onDragCancel: () => '已取消移动',
        },
        screenReaderInstructions: {
          draggable: '按住拖动到其他知识点的上方、下方或中间以移动；也可以使用节点菜单中的上移、下移、升级、降级。',
        },
      }}
    >
      <Stack gap={2} role="tree" aria-label="知识点">
        {rows(nodes, 0)}
      </Stack>
      <DragOverlay dropAnimation={null}>
        {dragging && (
          <Paper shadow="md" withBorder px="sm" py={4}>
            <Text size="sm">{dragging.name}</Text>
          </Paper>
        )}
      </DragOverlay>
    </DndContext>
  );
}

const HINT_STYLES: Record<Placement, CSSProperties> = {
  before: { boxShadow: 'inset 0 2px 0 var(--mantine-color-blue-6)' },
  after: { boxShadow: 'inset 0 -2px 0 var(--mantine-color-blue-6)' },
  inside: { background: 'var(--mantine-color-blue-1)', outline: '1px dashed var(--mantine-color-blue-5)' },
};

interface NodeBranchProps {
  node: AtlasTreeNode;
  depth: number;
  open: boolean;
  onToggle: () => void;
  selected: boolean;
  onSelect: () => void;
  count: number | null;
  canEdit: boolean;
  hint: Placement | null;
  onAction: (action: NodeAction) => void;
  steps: { label: string; to: MoveTo | null }[];
  onStep: (to: MoveTo) => void;
  children: React.ReactNode;
}

function NodeBranch({
  node,
  depth,
  open,
  onToggle,
  selected,
  onSelect,
  count,
  canEdit,
  hint,
  onAction,
  steps,
  onStep,
  children,
}: NodeBranchProps) {
  const {
    setNodeRef: setHandleRef,
    listeners,
    attributes,
    isDragging,
  } = useDraggable({ id: `node-${node.id}`, data: { nodeId: node.id }, disabled: !canEdit });
  const { setNodeRef: setRowRef } = useDroppable({
    id: `node-${node.id}`,
    data: { nodeId: node.id },
    disabled: !canEdit,
  });
  const hasChildren = node.children.length > 0;
  return (
    <div role="treeitem" aria-label={node.name} aria-selected={selected} aria-expanded={hasChildren ? open : undefined}>
      <Group
        ref={setRowRef}
        gap={4}
        wrap="nowrap"
        pl={depth * 18}
        pr={4}
        data-drop={hint ?? undefined}
        style={[
          { borderRadius: 4, opacity: isDragging ? 0.4 : undefined },
          selected ? { background: 'var(--mantine-color-blue-light)' } : undefined,
          hint ? HINT_STYLES[hint] : undefined,
        ]}
      >
        {canEdit && (
          <ActionIcon
            ref={setHandleRef}
            {...listeners}
            {...attributes}
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={`拖动${node.name}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            ⠿
          </ActionIcon>
        )}
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={`${open ? '收起' : '展开'}${node.name}`}
          onClick={onToggle}
          style={{ visibility: hasChildren ? undefined : 'hidden' }}
          tabIndex={hasChildren ? undefined : -1}
        >
          {open ? '▾' : '▸'}
        </ActionIcon>
        <UnstyledButton onClick={onSelect} py={6} px={4} style={{ flex: 1, minWidth: 0 }} aria-pressed={selected}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={selected ? 600 : undefined} truncate="end">
              {node.name}
            </Text>
            {node.summary && (
              <Text size="xs" c="dimmed" truncate="end">
                {node.summary}
              </Text>
            )}
          </Group>
        </UnstyledButton>
        {count !== null && count > 0 && (
          <Badge size="xs" variant="light" color="gray">
            {count} 题
          </Badge>
        )}
        {canEdit && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`知识点操作：${node.name}`}>
                ⋯
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onAction('addChild')}>添加子知识点</Menu.Item>
              <Menu.Item onClick={() => onAction('addSibling')}>添加同级知识点</Menu.Item>
              <Menu.Item onClick={() => onAction('rename')}>重命名</Menu.Item>
              <Menu.Divider />
              {steps.map(({ label, to }) => (
                <Menu.Item key={label} disabled={!to} onClick={() => to && onStep(to)}>
                  {label}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item color="red" onClick={() => onAction('delete')}>
                删除
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {hasChildren && open && <div role="group">{children}</div>}
    </div>
  );
}
