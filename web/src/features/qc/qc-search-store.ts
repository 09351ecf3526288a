// The QC search shared by 服务质检, 任务管理, 通用任务管理 and 质检统计 (client state for the page's
// life: moving between them keeps the period and filters; a reload starts over with the defaults).

import { createStore, useStore } from '@/lib/store';
import { defaultQcFilters, type QcFilters } from './qc-search';

export const qcSearchStore = createStore<QcFilters>(defaultQcFilters(new Date()));

export function useQcFilters(): QcFilters {
  return useStore(qcSearchStore);
}

export function applyQcFilters(filters: QcFilters): void {
  qcSearchStore.set(filters);
}

/** Everything back to the defaults (重置; tests). */
export function resetQcFilters(today: Date = new Date()): void {
  qcSearchStore.set(defaultQcFilters(today));
}

/** The search narrowed to one service type's records (通用任务管理 › 任务记录 opens 任务管理 so). */
export function narrowToService(serviceId: number): void {
  qcSearchStore.set((f) => ({ ...f, serviceIds: [serviceId] }));
}
