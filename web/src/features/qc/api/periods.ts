// The fiscal calendar's months and weeks (spec 02 §5, §7.6 `period`), for the period pickers.
// They do not change while the app runs.

import { useQuery } from '@tanstack/react-query';
import type { PeriodItem } from '@/generated/PeriodItem';
import type { PeriodQuery } from '@/generated/PeriodQuery';
import { api } from '@/lib/api-client';
import { qcKeys } from './qc-keys';

const FOREVER = { staleTime: Infinity, gcTime: Infinity } as const;

/** GET /api/period/quarterMonthList?fiscalYear=&quarterCode= (id: the calendar month). */
export function getQuarterMonths(fiscalYear: number, quarterCode: number): Promise<PeriodItem[]> {
  const params: PeriodQuery = { fiscalYear, quarterCode };
  return api.get<PeriodItem[]>('/api/period/quarterMonthList', { params: { ...params }, noLoading: true });
}

/** Reads nothing until a year and a quarter are chosen. */
export function useQuarterMonths(fiscalYear: number | null, quarterCode: number | null) {
  return useQuery({
    queryKey: qcKeys.quarterMonths(fiscalYear ?? 0, quarterCode ?? 0),
    queryFn: () => getQuarterMonths(fiscalYear ?? 0, quarterCode ?? 0),
    enabled: fiscalYear !== null && quarterCode !== null,
    ...FOREVER,
  });
}

/** GET /api/period/monthWeekList?fiscalYear=&month= (id: the fiscal week). */
export function getMonthWeeks(fiscalYear: number, month: number): Promise<PeriodItem[]> {
  const params: PeriodQuery = { fiscalYear, month };
  return api.get<PeriodItem[]>('/api/period/monthWeekList', { params: { ...params }, noLoading: true });
}

export function useMonthWeeks(fiscalYear: number | null, month: number | null) {
  return useQuery({
    queryKey: qcKeys.monthWeeks(fiscalYear ?? 0, month ?? 0),
    queryFn: () => getMonthWeeks(fiscalYear ?? 0, month ?? 0),
    enabled: fiscalYear !== null && month !== null,
    ...FOREVER,
  });
}
