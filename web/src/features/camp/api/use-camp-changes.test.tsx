import { describe, expect, it, vi } from 'vitest';
import type { CampChange } from '@/generated/CampChange';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import { renderHook } from '@/testing/test-utils';
import { campChangeOf, useCampChanges } from './use-camp-changes';

describe('campChangeOf', () => {
  it('reads a CampChange from a push, and nothing else', () => {
    const message = (value: unknown) => ({
      id: '1',
      typeCode: 'magic_camp_changed',
      content: pushContent({ value: value as never }),
    });
    expect(campChangeOf(message({ campId: 5, kind: 'structure' }))).toEqual({ campId: 5, kind: 'structure' });
    expect(campChangeOf(message({ campId: 5, kind: 'progress', memberId: 3, taskId: 9 }))).toEqual({
      campId: 5,
      kind: 'progress',
      memberId: 3,
      taskId: 9,
    });
    expect(campChangeOf(message(null))).toBeNull();
    expect(campChangeOf(message([1]))).toBeNull();
    expect(campChangeOf(message({ campId: '5', kind: 'state' }))).toBeNull();
    expect(campChangeOf({ id: '1', typeCode: 'magic_camp_changed', content: null })).toBeNull();
  });
});

describe('useCampChanges', () => {
  it('hands over every camp change and each reconnect, until unmounted', () => {
    const { client, socket } = connectedClient();
    const changes: CampChange[] = [];
    const reconnected = vi.fn();
    const { unmount } = renderHook(() => useCampChanges((c) => changes.push(c), reconnected, client));
    socket.push(1, 'magic_camp_changed', pushContent({ value: { campId: 7, kind: 'state' } }));
    socket.push(2, 'records_changed', pushContent({ value: { campId: 7, kind: 'state' } }));
    expect(changes).toEqual([{ campId: 7, kind: 'state' }]);
    expect(socket.acks()).toEqual(['1', '2']);

    vi.useFakeTimers();
    try {
      socket.drop();
      vi.advanceTimersByTime(2_000);
    } finally {
      vi.useRealTimers();
    }
    socket.open();
    expect(reconnected).toHaveBeenCalledTimes(1);

    unmount();
    socket.push(3, 'magic_camp_changed', pushContent({ value: { campId: 7, kind: 'structure' } }));
    expect(changes).toHaveLength(1);
  });
});
