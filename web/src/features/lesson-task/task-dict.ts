// The lesson tasks' code tables and limits, as the server applies them (protocol
// `dto::lesson_task`: TASK_OPEN, TASK_CLOSED, TASK_KIND_*, TASK_NAME_CHARS, TASK_TEXT_CHARS,
// TASK_ANSWER_CHARS, DEFAULT_QUESTION_SCORE; the submit handler's score range), and the one
// colour of each state and mark, so that every page of 易批改 draws them alike.

import type { BadgeSpec } from '@/features/teaching/teaching-dict';
import type { TaskAnswer } from '@/generated/TaskAnswer';

/** A task's state (`LessonTask.status`). */
export const TASK_STATUS = { open: 1, closed: 2 } as const;

/** A task's state as its badge. */
export function taskStatusBadge(status: number): BadgeSpec {
  if (status === TASK_STATUS.open) return { text: '作答中', color: 'green' };
  if (status === TASK_STATUS.closed) return { text: '已关闭', color: 'gray' };
  return { text: '-', color: 'gray' };
}

/** A task's kind: set after a lesson, or similar practice for wrong questions. */
export const TASK_KIND = { lesson: 1, practice: 2 } as const;

export const taskKindName = (kind: number) =>
  kind === TASK_KIND.practice ? '相似题练习' : kind === TASK_KIND.lesson ? '课后任务' : '-';

export const TASK_LIMITS = {
  /** A task's name: 1 to 50 characters. */
  name: 50,
  /** The message to students and families: at most 1000 characters. */
  text: 1000,
  /** An answer or a comment: at most 5000 characters. */
  answer: 5000,
  /** A question's points: 1 to 100, 5 unless given. */
  scoreMin: 1,
  scoreMax: 100,
  scoreDefault: 5,
  /** Questions of one task. */
  questions: 50,
} as const;

/** The groups of a lesson's students (`TaskStudentGroup.code`). */
export const GROUP_CODES = ['toMark', 'marked', 'unanswered', 'noTask'] as const;

const GROUP_COLORS: Record<string, string> = { marked: 'green', toMark: 'orange', unanswered: 'gray', noTask: 'gray' };
export const groupColor = (code: string) => GROUP_COLORS[code] ?? 'gray';

/** An answer's mark: right, wrong, or waiting for the teacher (a worked answer). */
export type Mark = 'right' | 'wrong' | 'toMark';

export function markOf(answer: Pick<TaskAnswer, 'correct'>): Mark {
  if (answer.correct === undefined) return 'toMark';
  return answer.correct ? 'right' : 'wrong';
}

const MARK_BADGES: Record<Mark, BadgeSpec> = {
  right: { text: '对', color: 'green' },
  wrong: { text: '错', color: 'red' },
  toMark: { text: '待批改', color: 'orange' },
};

export const markBadge = (mark: Mark): BadgeSpec => MARK_BADGES[mark];

/** An answer's points out of the question's ('-' until it is marked). */
export const scoreText = (answer: Pick<TaskAnswer, 'score'>, full: number) =>
  answer.score === undefined ? `-/${full}` : `${answer.score}/${full}`;

/** The fill-in type: its answer is text, marked against the stored one (1 and 2 are the choices, 4 worked answers). */
export const FILL_IN = 3;
