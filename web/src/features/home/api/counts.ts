import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Reads a count from a number or an object holding one. */
export function pickCount(data: unknown, keys: string[] = ['count', 'total', 'num', 'cnt']): number | null {
  if (typeof data === 'number') return data;
  if (typeof data === 'string' && data.trim() !== '' && Number.isFinite(Number(data))) return Number(data);
  if (data && typeof data === 'object') {
    for (const key of keys) {
      const v = (data as Record<string, unknown>)[key];
      if (typeof v === 'number') return v;
    }
    const numbers = Object.values(data as Record<string, unknown>).filter((v): v is number => typeof v === 'number');
    if (numbers.length === 1) return numbers[0] ?? null;
  }
  return null;
}

/** GET /api/mainPage/increase/count */
export async function getIncreaseCount(): Promise<number | null> {
  return pickCount(await api.get<unknown>('/api/mainPage/increase/count', { quiet: true, noLoading: true }));
}

/** GET /api/home/todoTaskCnt */
export async function getTodoTaskCount(): Promise<number | null> {
  return pickCount(await api.get<unknown>('/api/home/todoTaskCnt', { quiet: true, noLoading: true }));
}

/** A count of the home page (null when the server has none to give). */
export function useHomeCount(name: 'increase' | 'todoTasks') {
  return useQuery({
    queryKey: ['home', 'count', name] as const,
    queryFn: name === 'increase' ? getIncreaseCount : getTodoTaskCount,
  });
}
