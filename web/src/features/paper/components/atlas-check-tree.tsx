import { Badge, Checkbox, Group, Stack } from '@mantine/core';
import type { AtlasTreeNode } from '@/generated/AtlasTreeNode';
import { formatCount } from '@/lib/report-format';
import { checkState } from '../atlas-selection';

export interface AtlasCheckTreeProps {
  nodes: readonly AtlasTreeNode[];
  /** The checked leaves (atlas-selection's model). */
  checked: ReadonlySet<number>;
  onToggle: (node: AtlasTreeNode) => void;
}

/**
 * A knowledge tree's chapters and points with checkboxes (a chapter indeterminate while only some
 * of its points are checked), each with the bank's questions on the node.
 */
export function AtlasCheckTree({ nodes, checked, onToggle }: AtlasCheckTreeProps) {
  return (
    <Stack gap="sm">
      {nodes.map((node) => (
        <Branch key={node.id} node={node} depth={0} checked={checked} onToggle={onToggle} />
      ))}
    </Stack>
  );
}

function Branch({
  node,
  depth,
  checked,
  onToggle,
}: {
  node: AtlasTreeNode;
  depth: number;
  checked: ReadonlySet<number>;
  onToggle: (node: AtlasTreeNode) => void;
}) {
  const state = checkState(node, checked);
  return (
    <Stack gap={6} pl={depth === 0 ? 0 : 28}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Checkbox
          label={node.name}
          description={node.summary || undefined}
          checked={state === 'checked'}
          indeterminate={state === 'indeterminate'}
          onChange={() => onToggle(node)}
          styles={depth === 0 ? { label: { fontWeight: 600 } } : undefined}
        />
        <Badge size="xs" variant="light" color={node.questionCount > 0 ? 'blue' : 'gray'}>
          {formatCount(node.questionCount)} 题
        </Badge>
      </Group>
      {node.children.map((child) => (
        <Branch key={child.id} node={child} depth={depth + 1} checked={checked} onToggle={onToggle} />
      ))}
    </Stack>
  );
}
