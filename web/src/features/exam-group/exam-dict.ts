// The exam groups' code tables and limits, as the server applies them (protocol dictionary
// EXAM_STATUSES, the handlers' checks).

/** An exam's status (`ExamRow.status`). */
export const EXAM_STATUS = { published: 1, revoked: 2 } as const;

export const EXAM_STATUSES = [
  { status: EXAM_STATUS.published, text: '已发布', color: 'green' },
  { status: EXAM_STATUS.revoked, text: '已撤回', color: 'gray' },
] as const;

/** The badge of a status (the server's name when the table does not know it). */
export function statusBadge(status: number, name: string): { text: string; color: string } {
  const known = EXAM_STATUSES.find((s) => s.status === status);
  return known ? { text: known.text, color: known.color } : { text: name || String(status), color: 'gray' };
}

export const EXAM_LIMITS = {
  /** Exam and group names: 1 to 50 characters. */
  name: 50,
  /** The full mark: 1 to 1000, 100 unless given. */
  fullScoreMin: 1,
  fullScoreMax: 1000,
  fullScoreDefault: 100,
  /** An exam lasts at most this many days. */
  maxDays: 31,
  /** Students added, selected or removed at once. */
  batch: 500,
} as const;

/** How long typing pauses before a search is sent. */
export const SEARCH_DELAY_MS = 300;
