// Drag and drop to move (dnd-kit): rows of the list are dragged (the picked rows together when
// the dragged one is picked) onto a folder row, a crumb of the breadcrumbs or a space of the tree;
// the recycle bin takes them as a delete. A drag starts after the pointer moved a few pixels, so
// clicks and double clicks stay clicks. The 移动 action does the same without a pointer.

import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Paper, Table, type TableTrProps, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type DragPayload, type DropTarget, isPayload, isTarget, OVER_STYLE, useDropTarget } from '../drive-drop';

export interface DriveDndProps {
  /** A drop on a target (never a folder onto itself). */
  onDrop: (payload: DragPayload, target: DropTarget) => void;
  children: ReactNode;
}

export function DriveDnd({ onDrop, children }: DriveDndProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const [dragging, setDragging] = useState<DragPayload | null>(null);
  const onDragStart = ({ active }: DragStartEvent) => {
    const payload = active.data.current;
    setDragging(isPayload(payload) ? payload : null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const payload = active.data.current;
    const target = over?.data.current;
    if (!isPayload(payload) || !isTarget(target)) return;
    if (target.kind === 'folder' && payload.ids.includes(target.targetId)) return;
    onDrop(payload, target);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{
        announcements: {
          onDragStart: () => '已拿起',
          onDragOver: ({ over }) => (over ? `移到「${labelOf(over.data.current)}」上方` : '不在可放下的位置'),
          onDragEnd: ({ over }) => (over ? `已放到「${labelOf(over.data.current)}」` : '已放下'),
          onDragCancel: () => '已取消移动',
        },
        screenReaderInstructions: { draggable: '按住并拖动到文件夹、路径或空间上以移动；也可以使用“移动”操作。' },
      }}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {dragging && (
          <Paper shadow="md" withBorder px="sm" py={4} data-testid="drive-drag-overlay">
            <Text size="sm">{dragging.label}</Text>
          </Paper>
        )}
      </DragOverlay>
    </DndContext>
  );
}

function labelOf(data: unknown): string {
  return isTarget(data) ? data.label : '';
}

export interface DriveRowProps {
  id: number;
  rowProps: TableTrProps;
  /** What dragging this row moves (null: it is not dragged). */
  drag: DragPayload | null;
  /** What dropping on this row does (null: a file, or a folder that cannot be written). */
  drop: DropTarget | null;
  children: ReactNode;
}

/** A row of the list drawn by the table's row factory, dragged and dropped on. */
export function DriveRow({ id, rowProps, drag, drop, children }: DriveRowProps) {
  const draggable = useDraggable({ id: `item-${id}`, data: drag ?? undefined, disabled: !drag });
  const droppable = useDropTarget(`folder-${id}`, drop);
  const ref = (node: HTMLTableRowElement | null) => {
    draggable.setNodeRef(node);
    droppable.setNodeRef(node);
  };
  return (
    <Table.Tr
      {...rowProps}
      ref={ref}
      {...(drag ? draggable.listeners : {})}
      data-over={droppable.isOver || undefined}
      data-dragging={draggable.isDragging || undefined}
      style={[
        rowProps.style,
        { opacity: draggable.isDragging ? 0.5 : undefined, touchAction: drag ? 'none' : undefined },
        droppable.isOver ? OVER_STYLE : undefined,
      ]}
    >
      {children}
    </Table.Tr>
  );
}
