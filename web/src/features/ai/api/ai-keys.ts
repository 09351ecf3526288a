// The query keys of the AI assistant. A conversation's messages are under `history(id)`, kept by
// the `magic_ai_stream` pushes; the badge's state under `unread()`, kept by `magic_ai_unread`.

const all = ['ai'] as const;

export const aiKeys = {
  all,
  conversations: () => [...all, 'conversations'] as const,
  history: (conversationId: number) => [...all, 'history', conversationId] as const,
  modelConfig: () => [...all, 'modelConfig'] as const,
  feedbackTags: () => [...all, 'feedbackTags'] as const,
  unread: () => [...all, 'unread'] as const,
  usage: (startTime: number, endTime: number) => [...all, 'usage', startTime, endTime] as const,
};
