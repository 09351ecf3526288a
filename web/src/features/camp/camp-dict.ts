// The camps' code tables (protocol `dictionary`: CAMP_STATUSES, CAMP_TASK_TYPES, CAMP_PUBLISH_RULES,
// CAMP_PROGRESS and the limits), the one colour of each status, and what a camp's owner may do in
// each state (03 §7.8): a draft is edited freely and published; editing a published camp makes it
// 编辑中 until it is published again or the edits are dropped; a publication is withdrawn only
// while no student has joined; a live camp pauses and resumes; 关闭 is final.

/** A badge: its text and Mantine colour. */
export interface BadgeSpec {
  text: string;
  color: string;
}

export const CAMP_DRAFT = 0;
export const CAMP_PUBLISHED = 1;
export const CAMP_EDITING = 2;
export const CAMP_PAUSED = 3;
export const CAMP_SHUT = 4;

export const CAMP_STATUSES: readonly (BadgeSpec & { status: number })[] = [
  { status: CAMP_DRAFT, text: '草稿', color: 'gray' },
  { status: CAMP_PUBLISHED, text: '已发布', color: 'green' },
  { status: CAMP_EDITING, text: '编辑中', color: 'blue' },
  { status: CAMP_PAUSED, text: '已暂停', color: 'orange' },
  { status: CAMP_SHUT, text: '已关闭', color: 'red' },
];

/** A camp's status as its badge; the server's name when the code is new. */
export function campStatusBadge(status: number, name = ''): BadgeSpec {
  const known = CAMP_STATUSES.find((s) => s.status === status);
  return known ? { text: known.text, color: known.color } : { text: name || '-', color: 'gray' };
}

export const TASK_DOCUMENT = 1;
export const TASK_MEDIA = 2;
export const TASK_QUESTIONS = 3;
export const TASK_FLASH_CARDS = 4;
export const TASK_IMAGE = 7;

const TASK_TYPES: readonly (BadgeSpec & { type: number })[] = [
  { type: TASK_DOCUMENT, text: '文档', color: 'blue' },
  { type: TASK_MEDIA, text: '音视频', color: 'grape' },
  { type: TASK_QUESTIONS, text: '题集', color: 'orange' },
  { type: TASK_FLASH_CARDS, text: '闪卡', color: 'teal' },
  { type: TASK_IMAGE, text: '图片', color: 'cyan' },
];

export function taskTypeBadge(type: number, name = ''): BadgeSpec {
  const known = TASK_TYPES.find((t) => t.type === type);
  return known ? { text: known.text, color: known.color } : { text: name || '-', color: 'gray' };
}

/** A task whose content is a file (document, media, image). */
export const isFileTask = (type: number) => type === TASK_DOCUMENT || type === TASK_MEDIA || type === TASK_IMAGE;

export const RULE_ALL = 1;
export const RULE_IN_ORDER = 2;
export const RULE_BY_DATE = 3;

/** A member's progress in a task (CAMP_PROGRESS). */
export const PROGRESS_NOT_STARTED = 0;
export const PROGRESS_IN_PROGRESS = 1;
export const PROGRESS_COMPLETED = 2;

const PROGRESS: readonly (BadgeSpec & { status: number })[] = [
  { status: PROGRESS_NOT_STARTED, text: '未开始', color: 'gray' },
  { status: PROGRESS_IN_PROGRESS, text: '进行中', color: 'blue' },
  { status: PROGRESS_COMPLETED, text: '已完成', color: 'green' },
];

export function progressBadge(status: number): BadgeSpec {
  return PROGRESS.find((p) => p.status === status) ?? { text: '-', color: 'gray' };
}

/** The server's limits (dictionary and the builder's checks). */
export const CAMP_LIMITS = {
  campName: 50,
  phaseName: 50,
  taskName: 95,
  /** A description, a question stem, a card's side. */
  text: 500,
  option: 200,
  minOptions: 2,
  maxOptions: 6,
  maxQuestions: 50,
  maxCards: 200,
  minIntervalDays: 1,
  maxIntervalDays: 60,
} as const;

/** What the owner may do to a camp in its state. */
export type CampAction = 'publish' | 'revoke' | 'editRevoke' | 'pause' | 'resume' | 'shutdown';

export interface CampActionSpec {
  action: CampAction;
  label: string;
  /** The confirmation's question. */
  confirm: string;
  /** The owner may give a reason (kept for the students' page). */
  withReason?: boolean;
  color?: string;
}

const ACTION_SPECS: Record<CampAction, CampActionSpec> = {
  publish: { action: 'publish', label: '发布', confirm: '发布后学员即可通过二维码加入并学习，确定发布吗？' },
  revoke: {
    action: 'revoke',
    label: '撤回发布',
    confirm: '撤回后营地回到草稿状态，已生成的二维码失效。确定撤回发布吗？',
    color: 'orange',
  },
  editRevoke: {
    action: 'editRevoke',
    label: '撤销编辑',
    confirm: '撤销后未发布的修改全部丢弃，营地回到已发布的版本。确定撤销编辑吗？',
    color: 'orange',
  },
  pause: {
    action: 'pause',
    label: '暂停',
    confirm: '暂停后学员可以查看营地，但不能继续学习。确定暂停吗？',
    withReason: true,
    color: 'orange',
  },
  resume: { action: 'resume', label: '恢复', confirm: '恢复后学员可以继续学习。确定恢复吗？' },
  shutdown: {
    action: 'shutdown',
    label: '关闭',
    confirm: '关闭后营地不能再修改、发布或恢复，学员不能继续学习。确定关闭吗？',
    withReason: true,
    color: 'red',
  },
};

/**
 * The actions valid for a camp's status (撤回发布 only while no student has joined; a paused camp
 * with unpublished edits may drop them).
 */
export function campActions(status: number, memberCount: number, hasEdits = false): CampActionSpec[] {
  const names: CampAction[] = (() => {
    switch (status) {
      case CAMP_DRAFT:
        return ['publish'];
      case CAMP_PUBLISHED:
        return [...(memberCount === 0 ? (['revoke'] as const) : []), 'pause', 'shutdown'];
      case CAMP_EDITING:
        return ['publish', 'editRevoke', ...(memberCount === 0 ? (['revoke'] as const) : []), 'pause', 'shutdown'];
      case CAMP_PAUSED:
        return ['resume', ...(hasEdits ? (['editRevoke'] as const) : []), 'shutdown'];
      default:
        return [];
    }
  })();
  return names.map((n) => ACTION_SPECS[n]);
}

/** Whether the camp's phases, tasks and rule may be changed (a shut camp takes no changes). */
export const isEditable = (status: number) => status !== CAMP_SHUT;

/** Whether the camp has been published and is open to students (its join links work). */
export const isLive = (status: number) => status === CAMP_PUBLISHED || status === CAMP_EDITING;

/** Whether a published version exists (statistics have something to show). */
export const wasPublished = (status: number) => status !== CAMP_DRAFT;
