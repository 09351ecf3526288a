// The AI assistant's codes and texts (spec 03 §7.9).

/** A reply's status (a user's message is Complete). */
export const AiStatus = {
  Generating: 1,
  Complete: 2,
  Interrupted: 3,
  Failed: 4,
} as const;

/** The user's verdict on a reply. */
export const AiFeedback = {
  None: 0,
  Useful: 1,
  NotUseful: 2,
} as const;

/** A message's length limit (send) and a title's (rename). */
export const MESSAGE_MAX_LENGTH = 4000;
export const TITLE_MAX_LENGTH = 50;

/** Conversations and messages read per page. */
export const CONVERSATION_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 20;

/** The usage view covers the last this many days. */
export const USAGE_DAYS = 30;

/** Prompts the welcome page offers to start a conversation. */
export const EXAMPLE_PROMPTS = [
  '帮我设计一节初二“一元一次方程”的导入环节',
  '用通俗的语言解释勾股定理 $a^2+b^2=c^2$ 的证明思路',
  '为高一物理“牛顿第二定律”出 3 道分层练习题',
  '如何与成绩下滑的学生家长沟通？给我一个沟通提纲',
] as const;

/** An AI paper task's status (AI 识卷). */
export const PaperTaskStatus = {
  Draft: 0,
  Waiting: 1,
  Recognizing: 2,
  Recognized: 3,
  Failed: 4,
  Saved: 5,
} as const;

/** The names and colours of the task statuses. */
export const PAPER_TASK_STATUSES: readonly { code: number; name: string; color: string }[] = [
  { code: PaperTaskStatus.Draft, name: '待识别', color: 'gray' },
  { code: PaperTaskStatus.Waiting, name: '排队中', color: 'blue' },
  { code: PaperTaskStatus.Recognizing, name: '识别中', color: 'blue' },
  { code: PaperTaskStatus.Recognized, name: '已识别', color: 'teal' },
  { code: PaperTaskStatus.Failed, name: '识别失败', color: 'red' },
  { code: PaperTaskStatus.Saved, name: '已入库', color: 'green' },
];

/** A recognition under way (the task cannot be changed meanwhile). */
export const isRecognizing = (status: number) =>
  status === PaperTaskStatus.Waiting || status === PaperTaskStatus.Recognizing;

/** Recognised (saved or not): its questions can be edited, saved and judged. */
export const isRecognized = (status: number) =>
  status === PaperTaskStatus.Recognized || status === PaperTaskStatus.Saved;

/** The paper files recognised, their largest size, and the most questions a task holds. */
export const PAPER_FILE_KINDS = ['png', 'jpg', 'jpeg', 'pdf'] as const;
export const PAPER_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const PAPER_MAX_QUESTIONS = 100;
/** A task's title, and the knowledge points it names at most. */
export const PAPER_TITLE_MAX_LENGTH = 100;
export const PAPER_MAX_POINTS = 5;
/** Tasks per page of the list. */
export const PAPER_TASK_PAGE_SIZE = 10;

/** The question types and difficulties (the protocol's QUESTION_TYPES and DIFFICULTIES). */
export const QUESTION_TYPES: readonly { code: number; name: string }[] = [
  { code: 1, name: '单选题' },
  { code: 2, name: '多选题' },
  { code: 3, name: '填空题' },
  { code: 4, name: '解答题' },
];
export const DIFFICULTIES: readonly { code: number; name: string }[] = [
  { code: 1, name: '容易' },
  { code: 2, name: '较易' },
  { code: 3, name: '中等' },
  { code: 4, name: '较难' },
  { code: 5, name: '困难' },
];
export const DEFAULT_DIFFICULTY = 3;

/** Question allocation: the points spread over and the questions of one type at most. */
export const ALLOCATION_MAX_POINTS = 20;
export const ALLOCATION_MAX_COUNT = 100;

/** Questions a library query finds at most. */
export const LIBRARY_PAGE_SIZE = 10;
