import { describe, expect, it } from 'vitest';
import type { CampPhase } from '@/generated/CampPhase';
import type { PhaseTask } from '@/generated/PhaseTask';
import { inOrder, movedIds, reorderPhases, reorderTasks } from './reorder';

const task = (taskId: number, phaseId: number, seqNo: number): PhaseTask => ({
  taskId,
  campId: 1,
  phaseId,
  bizId: '',
  taskName: `任务${taskId}`,
  ext: '',
  taskType: 3,
  taskTypeName: '题集',
  seqNo,
});
const phase = (phaseId: number, seqNo: number, taskIds: number[] = []): CampPhase => ({
  phaseId,
  phaseName: `阶段${phaseId}`,
  seqNo,
  tasks: taskIds.map((id, i) => task(id, phaseId, i + 1)),
});

describe('movedIds', () => {
  it('moves the dragged id to the place of the one it was dropped on', () => {
    expect(movedIds([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(movedIds([1, 2, 3, 4], 4, 1)).toEqual([4, 1, 2, 3]);
    expect(movedIds([1, 2, 3, 4], 2, 3)).toEqual([1, 3, 2, 4]);
  });

  it('is null when nothing moves', () => {
    expect(movedIds([1, 2, 3], 2, 2)).toBeNull();
    expect(movedIds([1, 2, 3], 2, null)).toBeNull();
    expect(movedIds([1, 2, 3], 9, 1)).toBeNull();
    expect(movedIds([1, 2, 3], 1, 9)).toBeNull();
  });
});

describe('reorder', () => {
  it('orders items by ids; items not named follow in their own order', () => {
    expect(inOrder([1, 2, 3, 4], [3, 1], (n) => n)).toEqual([3, 1, 2, 4]);
  });

  it('shows the phases in the new order, renumbered', () => {
    const phases = [phase(10, 1, [1]), phase(20, 2), phase(30, 3)];
    const next = reorderPhases(phases, [30, 10, 20]);
    expect(next.map((p) => [p.phaseId, p.seqNo])).toEqual([
      [30, 1],
      [10, 2],
      [20, 3],
    ]);
    expect(next[1]?.tasks).toBe(phases[0]?.tasks);
    expect(phases.map((p) => p.seqNo)).toEqual([1, 2, 3]);
  });

  it('shows one phase’s tasks in the new order, the others unchanged', () => {
    const phases = [phase(10, 1, [1, 2, 3]), phase(20, 2, [4, 5])];
    const next = reorderTasks(phases, 10, [3, 1, 2]);
    expect(next[0]?.tasks.map((t) => [t.taskId, t.seqNo])).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(next[1]).toBe(phases[1]);
  });
});
