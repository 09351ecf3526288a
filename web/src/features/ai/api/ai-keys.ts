// The query keys of the AI assistant. A conversation's messages are under `history(id)`, kept by
// the `magic_ai_stream` pushes; the badge's state under `unread()`, kept by `magic_ai_unread`; the
// AI paper tasks under `paper()`, kept by `magic_ai_paper_task`.

import type { AiLibraryQuery } from '@/generated/AiLibraryQuery';
import type { AiPaperTaskSearch } from '@/generated/AiPaperTaskSearch';

const all = ['ai'] as const;

export const aiKeys = {
  all,
  conversations: () => [...all, 'conversations'] as const,
  history: (conversationId: number) => [...all, 'history', conversationId] as const,
  modelConfig: () => [...all, 'modelConfig'] as const,
  feedbackTags: () => [...all, 'feedbackTags'] as const,
  unread: () => [...all, 'unread'] as const,
  usage: (startTime: number, endTime: number) => [...all, 'usage', startTime, endTime] as const,
  paper: () => [...all, 'paper'] as const,
  paperTaskLists: () => [...all, 'paper', 'list'] as const,
  paperTasks: (search: AiPaperTaskSearch) => [...all, 'paper', 'list', search] as const,
  paperTask: (taskId: number) => [...all, 'paper', 'task', taskId] as const,
  taskQuestions: (taskId: number) => [...all, 'paper', 'questions', taskId] as const,
  taskRelations: (taskId: number) => [...all, 'paper', 'relations', taskId] as const,
  paperFeedbackTags: () => [...all, 'paper', 'feedbackTags'] as const,
  library: (query: AiLibraryQuery) => [...all, 'library', query] as const,
};
