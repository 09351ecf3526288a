// Drag-and-drop reorder (dnd-kit): a list whose items move by their handle, with the pointer or
// the keyboard (Space picks up, arrows move, Space drops, Esc cancels), announced in Chinese.

import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { movedIds } from '../reorder';

const announce = (name: (id: UniqueIdentifier) => string) => ({
  onDragStart: ({ active }: { active: { id: UniqueIdentifier } }) => `已拿起「${name(active.id)}」`,
  onDragOver: ({ active, over }: { active: { id: UniqueIdentifier }; over: { id: UniqueIdentifier } | null }) =>
    over ? `「${name(active.id)}」移到「${name(over.id)}」的位置` : `「${name(active.id)}」不在列表中`,
  onDragEnd: ({ active, over }: { active: { id: UniqueIdentifier }; over: { id: UniqueIdentifier } | null }) =>
    over ? `「${name(active.id)}」已放到「${name(over.id)}」的位置` : `已放下「${name(active.id)}」`,
  onDragCancel: ({ active }: { active: { id: UniqueIdentifier } }) => `已取消移动「${name(active.id)}」`,
});

export interface SortableListProps {
  /** The items' ids in their order. */
  ids: number[];
  /** An item's name, for the announcements. */
  nameOf: (id: number) => string;
  /** The ids in the new order after a drop that moved something. */
  onReorder: (ids: number[]) => void;
  children: ReactNode;
}

/** The context of one reorderable list (phases, or one phase's tasks). */
export function SortableList({ ids, nameOf, onReorder, children }: SortableListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const next = movedIds(ids, Number(active.id), over ? Number(over.id) : null);
    if (next) onReorder(next);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: announce((id) => nameOf(Number(id))),
        screenReaderInstructions: { draggable: '按空格键拿起，用方向键移动，再按空格键放下，按 Esc 取消。' },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

function GripIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      {[5, 12, 19].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

export interface SortableItemProps {
  id: number;
  /** What the handle moves, e.g. 阶段「一」. */
  label: string;
  disabled?: boolean;
  /** Draws the item; `handle` is its drag handle. */
  children: (handle: ReactNode) => ReactNode;
}

/** One item of a SortableList, moved by its handle. */
export function SortableItem({ id, label, disabled = false, children }: SortableItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    opacity: isDragging ? 0.6 : undefined,
    position: 'relative',
    zIndex: isDragging ? 1 : undefined,
  };
  const handle = disabled ? null : (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="sm"
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
      aria-label={`拖动排序：${label}`}
    >
      <GripIcon />
    </ActionIcon>
  );
  return (
    <div ref={setNodeRef} style={style}>
      {children(handle)}
    </div>
  );
}
