// Wrong questions' code tables, as the server applies them (protocol `dto::wrong_question`:
// WRONG_STATUSES, BATCH_* states, BATCH_STUDENT_LIMIT), with the one colour of each state.

import type { BadgeSpec } from '@/features/teaching/teaching-dict';

/** A wrong question's state (`WrongQuestion.status`). */
export const WRONG_STATUSES: readonly (BadgeSpec & { status: number })[] = [
  { status: 1, text: '待巩固', color: 'red' },
  { status: 2, text: '已推送相似题', color: 'blue' },
  { status: 3, text: '已掌握', color: 'green' },
];

/** A wrong question's state as its badge (the server's name when the code is new). */
export function wrongStatusBadge(status: number, name = ''): BadgeSpec {
  const known = WRONG_STATUSES.find((s) => s.status === status);
  return known ? { text: known.text, color: known.color } : { text: name || '-', color: 'gray' };
}

/** A batch send's state (`SimilarBatch.status`). */
export const BATCH_STATUS = { waiting: 1, running: 2, sent: 3, partlyFailed: 4 } as const;

const BATCH_BADGES: Record<number, BadgeSpec> = {
  [BATCH_STATUS.waiting]: { text: '等待发送', color: 'gray' },
  [BATCH_STATUS.running]: { text: '发送中', color: 'blue' },
  [BATCH_STATUS.sent]: { text: '已全部发送', color: 'green' },
  [BATCH_STATUS.partlyFailed]: { text: '部分发送失败', color: 'orange' },
};

export const batchStatusBadge = (status: number): BadgeSpec => BATCH_BADGES[status] ?? { text: '-', color: 'gray' };

/** A batch has ended (all sent, or some failed): nothing more will change until a resend. */
export const batchEnded = (status: number) => status === BATCH_STATUS.sent || status === BATCH_STATUS.partlyFailed;

/** The most students one batch sends to. */
export const BATCH_STUDENT_LIMIT = 60;
