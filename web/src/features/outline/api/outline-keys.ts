// The query keys of the teaching outlines: the lists. Everything is under `all`, so that a change
// of an outline reads every list again.

import type { OutlineListRequest } from '@/generated/OutlineListRequest';

const all = ['outline'] as const;

export const outlineKeys = {
  all,
  lists: () => [...all, 'list'] as const,
  list: (request: OutlineListRequest) => [...all, 'list', request] as const,
};
