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
