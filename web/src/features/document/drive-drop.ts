// The drag payloads and drop targets of the drive's drag and drop (see components/drive-dnd).

import { useDroppable } from '@dnd-kit/core';

/** What a dragged row carries: the items moved and how to name them. */
export interface DragPayload {
  ids: number[];
  label: string;
}

/** Where a drop goes: a folder (0: the root of a space) or the recycle bin. */
export type DropTarget =
  { kind: 'folder'; targetId: number; teamId: number; label: string } | { kind: 'recycle'; label: string };

export const isPayload = (value: unknown): value is DragPayload =>
  typeof value === 'object' && value !== null && Array.isArray((value as DragPayload).ids);

export const isTarget = (value: unknown): value is DropTarget =>
  typeof value === 'object' && value !== null && typeof (value as DropTarget).kind === 'string';

/** A drop target (null: not one); `isOver` while something is dragged over it. */
export function useDropTarget(id: string, target: DropTarget | null) {
  const { setNodeRef, isOver } = useDroppable({ id, data: target ?? undefined, disabled: !target });
  return { setNodeRef, isOver: isOver && target !== null };
}

/** The style of a drop target something is dragged over. */
export const OVER_STYLE = {
  background: 'var(--mantine-color-blue-1)',
  outline: '1px dashed var(--mantine-color-blue-5)',
};
