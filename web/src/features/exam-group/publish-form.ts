// The publish form's fields as typed (the times as datetime-local text, in the browser's time
// zone) and the request they make, checked as the server checks it.

import type { ExamPublishRequest } from '@/generated/ExamPublishRequest';
import { EXAM_LIMITS } from './exam-dict';

export interface PublishDraft {
  examName: string;
  /** YYYY-MM-DDTHH:mm, local time. */
  start: string;
  end: string;
  fullScore: number | string;
}

export type PublishErrors = Partial<Record<keyof PublishDraft, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value (local time, to the minute). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an instant (ms), null when it is none. */
export function fromLocalInput(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** A new form: starting this minute, for two hours, out of 100. */
export function defaultDraft(now: number): PublishDraft {
  const start = Math.floor(now / 60_000) * 60_000;
  return {
    examName: '',
    start: toLocalInput(start),
    end: toLocalInput(start + 2 * 3_600_000),
    fullScore: EXAM_LIMITS.fullScoreDefault,
  };
}

export type PublishCheck = { ok: true; request: ExamPublishRequest } | { ok: false; errors: PublishErrors };

/** The request of a filled form, or what is wrong with it, field by field. */
export function checkPublish(draft: PublishDraft): PublishCheck {
  const errors: PublishErrors = {};
  const examName = draft.examName.trim();
  if (!examName) errors.examName = '请输入考试名称';
  else if (Array.from(examName).length > EXAM_LIMITS.name)
    errors.examName = `考试名称不能超过${EXAM_LIMITS.name}个字符`;
  const startTime = fromLocalInput(draft.start);
  const endTime = fromLocalInput(draft.end);
  if (startTime === null) errors.start = '请选择开始时间';
  if (endTime === null) errors.end = '请选择结束时间';
  else if (startTime !== null && endTime <= startTime) errors.end = '结束时间需晚于开始时间';
  else if (startTime !== null && endTime - startTime > EXAM_LIMITS.maxDays * 86_400_000)
    errors.end = `考试时长不能超过${EXAM_LIMITS.maxDays}天`;
  const fullScore = typeof draft.fullScore === 'number' ? draft.fullScore : Number(draft.fullScore);
  if (
    draft.fullScore === '' ||
    !Number.isFinite(fullScore) ||
    fullScore < EXAM_LIMITS.fullScoreMin ||
    fullScore > EXAM_LIMITS.fullScoreMax
  )
    errors.fullScore = `满分需在${EXAM_LIMITS.fullScoreMin}到${EXAM_LIMITS.fullScoreMax}之间`;
  if (Object.keys(errors).length > 0 || startTime === null || endTime === null) return { ok: false, errors };
  return { ok: true, request: { examName, startTime, endTime, fullScore } };
}
