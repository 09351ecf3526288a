import { Badge } from '@mantine/core';
import { COLLAB_STATE_LABELS, type CollabDoc, useCollabState } from '@/lib/collab';

/** The document's connection and sync state: 已连接 / 同步中 / 已断开 … */
export function CollabStateBadge({ doc }: { doc: CollabDoc }) {
  const state = useCollabState(doc);
  const { text, color } = COLLAB_STATE_LABELS[state];
  return (
    <Badge color={color} variant="light" role="status" aria-label={`文档状态：${text}`} data-collab-state={state}>
      {text}
    </Badge>
  );
}
