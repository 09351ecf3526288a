// The query keys of content feedback: the tags, what the report dialog shows about a target, the
// summary of a target's reports and the caller's own reports. Everything is under `all`.

const all = ['feedback'] as const;

export const feedbackKeys = {
  all,
  tags: () => [...all, 'tags'] as const,
  targets: () => [...all, 'target'] as const,
  common: (targetType: number, targetId: number) => [...all, 'target', targetType, targetId, 'common'] as const,
  summary: (targetType: number, targetId: number) => [...all, 'target', targetType, targetId, 'summary'] as const,
  mine: () => [...all, 'mine'] as const,
};
