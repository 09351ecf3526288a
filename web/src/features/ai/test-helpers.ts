// Records of the AI assistant's calls for the tests.

import type { AiConversation } from '@/generated/AiConversation';
import type { AiMessage } from '@/generated/AiMessage';
import type { AiModelConfig } from '@/generated/AiModelConfig';
import type { AiPaperTask } from '@/generated/AiPaperTask';
import type { AiTaskQuestion } from '@/generated/AiTaskQuestion';
import type { AiStreamChunk } from '@/generated/AiStreamChunk';
import type { Page } from '@/generated/Page';

export const AT = new Date(2026, 10, 24, 9).getTime();

export const MODEL_CONFIG: AiModelConfig = {
  configured: true,
  hint: '',
  models: [
    { code: 'edu-mini', name: 'Edu Mini', isDefault: false },
    { code: 'edu-chat', name: 'Edu Chat', isDefault: true },
  ],
  requestsPerMinute: 10,
  tokensPerDay: 200_000,
};

export const NOT_CONFIGURED: AiModelConfig = {
  configured: false,
  hint: '设置环境变量 EDUHUB_AI_URL（OpenAI 兼容接口）后重启服务',
  models: [],
  requestsPerMinute: 10,
  tokensPerDay: 200_000,
};

export function conversation(conversationId: number, patch: Partial<AiConversation> = {}): AiConversation {
  return {
    conversationId,
    title: `对话${conversationId}`,
    model: 'edu-chat',
    lastMessage: '你好',
    unread: 0,
    createTime: AT,
    updateTime: AT,
    ...patch,
  };
}

export function question(messageId: number, content: string, patch: Partial<AiMessage> = {}): AiMessage {
  return {
    messageId,
    conversationId: 5,
    role: 'user',
    content,
    status: 2,
    model: '',
    error: '',
    feedback: 0,
    createTime: AT,
    ...patch,
  };
}

export function reply(messageId: number, content: string, patch: Partial<AiMessage> = {}): AiMessage {
  return {
    messageId,
    conversationId: 5,
    role: 'assistant',
    content,
    status: 2,
    model: 'edu-chat',
    error: '',
    feedback: 0,
    createTime: AT,
    ...patch,
  };
}

export function page<T>(records: T[], pageNo = 1, total = records.length, pageSize = 20): Page<T> {
  return { records, total, pageNo, pageSize };
}

export function chunk(patch: Partial<AiStreamChunk> & Pick<AiStreamChunk, 'offset' | 'delta'>): AiStreamChunk {
  return { conversationId: 5, messageId: 12, seq: 1, done: false, status: 1, ...patch };
}

export function paperTask(taskId: number, patch: Partial<AiPaperTask> = {}): AiPaperTask {
  return {
    taskId,
    title: `试卷${taskId}`,
    subject: 54,
    stage: 4,
    fileId: `file-${taskId}`,
    fileName: `paper-${taskId}.png`,
    knowledgeIds: [111],
    status: 0,
    progress: 0,
    error: '',
    questionCount: 0,
    savedCount: 0,
    model: '',
    feedback: 0,
    createTime: AT,
    updateTime: AT,
    ...patch,
  };
}

export function taskQuestion(itemId: number, patch: Partial<AiTaskQuestion> = {}): AiTaskQuestion {
  return {
    itemId,
    questionType: 1,
    stem: `第${itemId}题：函数 $f(x)=x^2$ 的导数是`,
    options: ['$x$', '$2x$', '$x^2$', '$2$'],
    answer: 'B',
    analysis: '',
    difficulty: 3,
    knowledgeIds: [],
    ...patch,
  };
}
