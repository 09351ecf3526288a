import { Stack, Text, UnstyledButton } from '@mantine/core';

/** A node of a navigation tree: groups (no leaf id) hold children; leaves are picked. */
export interface NavTreeNode<T> {
  key: string;
  name: string;
  children: readonly T[];
}

interface NavTreeProps<T extends NavTreeNode<T>> {
  nodes: readonly T[];
  /** The id a leaf stands for; `null` for a group. */
  leafId: (node: T) => number | null;
  selectedId: number | null;
  onSelect: (id: number) => void;
  label: string;
}

/** Groups as headings (nested ones smaller and dimmed) with their leaves as buttons, the picked one marked. */
export function NavTree<T extends NavTreeNode<T>>({ nodes, leafId, selectedId, onSelect, label }: NavTreeProps<T>) {
  const rows = (list: readonly T[], depth: number) =>
    list.map((node) => {
      const id = leafId(node);
      if (id !== null) {
        const active = id === selectedId;
        return (
          <UnstyledButton
            key={node.key}
            onClick={() => onSelect(id)}
            aria-current={active ? 'true' : undefined}
            pl={depth * 12 + 8}
            py={4}
            pr={8}
            style={{ borderRadius: 4, background: active ? 'var(--mantine-color-blue-light)' : undefined }}
          >
            <Text size="sm" fw={active ? 600 : undefined}>
              {node.name}
            </Text>
          </UnstyledButton>
        );
      }
      return (
        <Stack key={node.key} gap={2} role="group" aria-label={node.name}>
          <Text size={depth === 0 ? 'sm' : 'xs'} fw={600} c={depth === 0 ? undefined : 'dimmed'} pl={depth * 12}>
            {node.name}
          </Text>
          {rows(node.children, depth + 1)}
        </Stack>
      );
    });
  return (
    <Stack gap="xs" component="nav" aria-label={label}>
      {rows(nodes, 0)}
    </Stack>
  );
}
