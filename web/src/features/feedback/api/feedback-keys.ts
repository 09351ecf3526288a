// The query keys of content feedback: the tags, what the report dialog shows about a target, the
// summary of a target's reports, the caller's own reports, the comments on a paper's blocks and
// whether a paper has content. Everything is under `all`.

const all = ['feedback'] as const;

export const feedbackKeys = {
  all,
  tags: () => [...all, 'tags'] as const,
  targets: () => [...all, 'target'] as const,
  common: (targetType: number, targetId: number) => [...all, 'target', targetType, targetId, 'common'] as const,
  summary: (targetType: number, targetId: number) => [...all, 'target', targetType, targetId, 'summary'] as const,
  mine: () => [...all, 'mine'] as const,
  blockComments: (paperId: number) => [...all, 'blockComments', paperId] as const,
  contentEmpty: (paperId: number) => [...all, 'contentEmpty', paperId] as const,
};
