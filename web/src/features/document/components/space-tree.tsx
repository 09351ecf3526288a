// The space tree (left of the drive page): my space, the team spaces, 共享 with 收到的 and 发出的,
// the recycle bin. A space I write in (and the bin) takes dropped rows; a team's menu opens its
// members and, for its owner, renames or deletes it.

import { ActionIcon, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import type { SpaceNode } from '@/generated/SpaceNode';
import { TEAM_ROLE } from '../drive-dict';
import { type DriveLocation, kindOfNode } from '../drive-location';
import { OVER_STYLE, useDropTarget } from '../drive-drop';
import { dropOfNode } from '../drive-rules';

export type TeamAction = 'members' | 'rename' | 'delete';

export interface SpaceTreeProps {
  nodes: SpaceNode[];
  at: DriveLocation;
  onOpen: (node: SpaceNode) => void;
  onTeamAction: (action: TeamAction, node: SpaceNode) => void;
}

const NODE_MARK: Readonly<Record<string, string>> = {
  personal: '👤',
  team: '👥',
  shared: '🔗',
  received: '📥',
  sent: '📤',
  recycle: '🗑',
};

export function SpaceTree({ nodes, ...rest }: SpaceTreeProps) {
  return (
    <Stack gap={2} component="nav" aria-label="空间" data-testid="drive-tree">
      {nodes.map((n) => (
        <TreeNode key={n.nodeId} node={n} depth={0} {...rest} />
      ))}
    </Stack>
  );
}

function TreeNode({
  node,
  depth,
  at,
  onOpen,
  onTeamAction,
}: Omit<SpaceTreeProps, 'nodes'> & { node: SpaceNode; depth: number }) {
  const { setNodeRef, isOver } = useDropTarget(`node-${node.nodeId}`, dropOfNode(node));
  const { kind } = kindOfNode(node.nodeId);
  const active = at.nodeId === node.nodeId;
  return (
    <>
      <Group
        ref={setNodeRef}
        gap={2}
        wrap="nowrap"
        pl={depth * 16}
        data-over={isOver || undefined}
        style={[{ borderRadius: 4 }, isOver ? OVER_STYLE : undefined]}
      >
        <UnstyledButton
          onClick={() => onOpen(node)}
          aria-current={active ? 'page' : undefined}
          data-testid={`drive-node-${node.nodeId}`}
          data-active={active || undefined}
          px="xs"
          py={6}
          style={{
            flex: 1,
            minWidth: 0,
            borderRadius: 4,
            background: active ? 'var(--mantine-color-blue-light)' : undefined,
          }}
        >
          <Group gap={6} wrap="nowrap">
            <Text span size="sm" aria-hidden>
              {NODE_MARK[kind] ?? '📁'}
            </Text>
            <Text size="sm" truncate="end" fw={active ? 600 : undefined}>
              {node.nodeName}
            </Text>
          </Group>
        </UnstyledButton>
        {kind === 'team' && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`团队操作：${node.nodeName}`}>
                ⋯
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onTeamAction('members', node)}>团队成员</Menu.Item>
              {node.teamRole === TEAM_ROLE.owner && (
                <>
                  <Menu.Item onClick={() => onTeamAction('rename', node)}>重命名团队</Menu.Item>
                  <Menu.Item color="red" onClick={() => onTeamAction('delete', node)}>
                    删除团队
                  </Menu.Item>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {node.children.map((c) => (
        <TreeNode key={c.nodeId} node={c} depth={depth + 1} at={at} onOpen={onOpen} onTeamAction={onTeamAction} />
      ))}
    </>
  );
}
