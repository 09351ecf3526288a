// Content feedback's codes and limits as the web acts on them (protocol dto/feedback.rs, api
// handlers/feedback.rs): what a report is about, its state, how long it may be, how many tags it
// carries, and what the reporter is told once it is sent (01 §8).

/** `targetType` of a report. */
export const FEEDBACK_TARGET = { question: 1, paper: 2, file: 3 } as const;

export const TARGET_NAMES: Readonly<Record<number, string>> = {
  [FEEDBACK_TARGET.question]: '题目',
  [FEEDBACK_TARGET.paper]: '讲义',
  [FEEDBACK_TARGET.file]: '文件',
};

/** A report's target: its type and id (the title, when the caller knows it, until the server's). */
export interface FeedbackTarget {
  type: number;
  id: number;
  title?: string;
}

/** `ContentFeedback.status`. */
export const FEEDBACK_STATUS = { open: 0, accepted: 1, refused: 2 } as const;

export const FEEDBACK_STATUSES = [
  { status: FEEDBACK_STATUS.open, text: '待处理', color: 'orange' },
  { status: FEEDBACK_STATUS.accepted, text: '已采纳', color: 'green' },
  { status: FEEDBACK_STATUS.refused, text: '未采纳', color: 'gray' },
] as const;

export function feedbackBadge(status: number): { text: string; color: string } {
  return FEEDBACK_STATUSES.find((s) => s.status === status) ?? { text: String(status), color: 'gray' };
}

/** The longest report or reply (MAX_FEEDBACK_CHARS). */
export const FEEDBACK_CONTENT_LIMIT = 500;

/** Tags one report carries at most. */
export const FEEDBACK_TAG_LIMIT = 5;

export const FEEDBACK_SUBMITTED_TEXT = '您的反馈已提交，研发员将会尽快查看';

/** The names of tag codes, 、-separated (a code the list lacks as itself). */
export function tagNames(codes: readonly string[], tags: readonly { code: string; name: string }[]): string {
  return codes.map((c) => tags.find((t) => t.code === c)?.name ?? c).join('、');
}
