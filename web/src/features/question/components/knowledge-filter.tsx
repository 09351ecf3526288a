import { ActionIcon, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { AtlasTreeNode } from '@/generated/AtlasTreeNode';

export interface KnowledgeFilterProps {
  nodes: readonly AtlasTreeNode[];
  /** The point searched (with its subtree); null: all. */
  value: number | null;
  onChange: (nodeId: number | null) => void;
  /** What the search finds per point (paper/class/search), where known. */
  counts?: ReadonlyMap<number, number>;
}

/** The tree's points to search by: one at a time, with its subtree; chapters open and close. */
export function KnowledgeFilter({ nodes, value, onChange, counts }: KnowledgeFilterProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(nodes.map((n) => n.id)));
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Stack gap={2} component="nav" aria-label="知识点">
      <Row label="全部知识点" active={value === null} depth={0} onClick={() => onChange(null)} />
      {nodes.map((n) => (
        <Branch
          key={n.id}
          node={n}
          depth={0}
          value={value}
          onChange={onChange}
          counts={counts}
          open={open}
          onToggle={toggle}
        />
      ))}
    </Stack>
  );
}

interface BranchProps extends Omit<KnowledgeFilterProps, 'nodes'> {
  node: AtlasTreeNode;
  depth: number;
  open: ReadonlySet<number>;
  onToggle: (id: number) => void;
}

function Branch({ node, depth, value, onChange, counts, open, onToggle }: BranchProps) {
  const expanded = open.has(node.id);
  const hasChildren = node.children.length > 0;
  return (
    <>
      <Row
        label={node.name}
        active={value === node.id}
        depth={depth}
        count={counts?.get(node.id)}
        onClick={() => onChange(value === node.id ? null : node.id)}
        toggle={
          hasChildren ? (
            <ActionIcon
              size="xs"
              variant="subtle"
              color="gray"
              aria-label={`${expanded ? '收起' : '展开'}${node.name}`}
              aria-expanded={expanded}
              onClick={() => onToggle(node.id)}
            >
              {expanded ? '▾' : '▸'}
            </ActionIcon>
          ) : null
        }
      />
      {expanded &&
        node.children.map((c) => (
          <Branch
            key={c.id}
            node={c}
            depth={depth + 1}
            value={value}
            onChange={onChange}
            counts={counts}
            open={open}
            onToggle={onToggle}
          />
        ))}
    </>
  );
}

function Row({
  label,
  active,
  depth,
  count,
  onClick,
  toggle = null,
}: {
  label: string;
  active: boolean;
  depth: number;
  count?: number;
  onClick: () => void;
  toggle?: React.ReactNode;
}) {
  return (
    <Group gap={2} wrap="nowrap" pl={depth * 14}>
      <div style={{ width: 22, flex: 'none' }}>{toggle}</div>
      <UnstyledButton
        onClick={onClick}
        aria-pressed={active}
        px={6}
        py={4}
        style={{
          flex: 1,
          minWidth: 0,
          borderRadius: 4,
          background: active ? 'var(--mantine-color-blue-light)' : undefined,
        }}
      >
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Text size="sm" truncate="end" fw={active ? 600 : undefined}>
            {label}
          </Text>
          {count !== undefined && (
            <Badge size="xs" variant="light" color="gray" aria-hidden>
              {count}
            </Badge>
          )}
        </Group>
      </UnstyledButton>
    </Group>
  );
}
