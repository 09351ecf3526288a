// The questions picked in a report's pickers, in the order picked, never one the report holds
// and no more than the room it has left (MAX_REPORT_QUESTIONS at most in all).

import { useState } from 'react';
import type { StageReport } from '@/generated/StageReport';
import { MAX_REPORT_QUESTIONS } from '../analysis-dict';

/** The questions picked, in the order picked, within the room the report has left. */
export function usePicked(report: StageReport) {
  const [picked, setPicked] = useState<number[]>([]);
  const inReport = new Set(report.questions.map((q) => q.questionId));
  const room = Math.max(0, MAX_REPORT_QUESTIONS - report.questions.length);
  const isPicked = (id: number) => picked.includes(id);
  const set = (ids: readonly number[], on: boolean) =>
    setPicked((current) => {
      if (!on) return current.filter((id) => !ids.includes(id));
      const next = [...current];
      for (const id of ids) {
        if (next.length >= room) break;
        if (!next.includes(id) && !inReport.has(id)) next.push(id);
      }
      return next;
    });
  return { picked, inReport, room, full: picked.length >= room, isPicked, set };
}
