import { Badge, Button, Checkbox, Group, Switch, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import type { AdminMenuNode } from '@/generated/AdminMenuNode';
import type { CodeName } from '@/generated/CodeName';
import { useAdminMenus, useGrantMenu, useUpdateMenu } from '../../api/menus';
import { type MenuRow, menuRows } from '../../menu-tree';
import { MenuNodeModal } from './menu-node-modal';

export const MENU_TABLE = '菜单权限';

interface MenuActions {
  edit: (node: AdminMenuNode) => void;
  toggleHidden: (node: AdminMenuNode, hidden: boolean) => void;
  grant: (node: AdminMenuNode, role: string, granted: boolean) => void;
}

function roleColumn(role: CodeName, act: MenuActions): ListTableColumn<MenuRow> {
  return {
    accessor: `role_${role.code}`,
    title: role.name,
    width: 90,
    textAlign: 'center',
    render: ({ node, inherited }) => {
      const own = node.roles.includes(role.code);
      const fromParent = !own && inherited.includes(role.code);
      const box = (
        <Checkbox
          size="xs"
          aria-label={`${node.name} · ${role.name}`}
          checked={own}
          indeterminate={fromParent}
          onChange={(e) => act.grant(node, role.code, e.currentTarget.checked)}
          styles={{ body: { justifyContent: 'center' } }}
        />
      );
      return fromParent ? (
        <Tooltip label="已随上级菜单授予；勾选则单独授予" withinPortal>
          <span>{box}</span>
        </Tooltip>
      ) : (
        box
      );
    },
  };
}

function menuColumns(roles: CodeName[], act: MenuActions): ListTableColumn<MenuRow>[] {
  return [
    {
      accessor: 'name',
      title: '菜单',
      width: 220,
      render: ({ node, depth }) => (
        <Group gap={6} wrap="nowrap" pl={depth * 20}>
          <Text size="sm" c={node.hidden ? 'dimmed' : undefined} td={node.hidden ? 'line-through' : undefined}>
            {node.name}
          </Text>
          {node.badge && (
            <Badge size="xs" variant="light" color="orange">
              {node.badge}
            </Badge>
          )}
        </Group>
      ),
    },
    { accessor: 'url', title: '地址', width: 160, defaultToggle: false, render: ({ node }) => node.url },
    { accessor: 'sort', title: '排序', width: 70, render: ({ node }) => node.sort },
    {
      accessor: 'hidden',
      title: '隐藏',
      width: 70,
      render: ({ node }) => (
        <Switch
          size="xs"
          aria-label={`隐藏 ${node.name}`}
          checked={node.hidden}
          onChange={(e) => act.toggleHidden(node, e.currentTarget.checked)}
        />
      ),
    },
    ...roles.map((r) => roleColumn(r, act)),
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      width: 70,
      render: ({ node }) => (
        <Button size="compact-xs" variant="subtle" aria-label={`编辑 ${node.name}`} onClick={() => act.edit(node)}>
          编辑
        </Button>
      ),
    },
  ];
}

/**
 * The menu tree with each node's order, visibility and badge, and the roles granted it (a grant
 * covers the subtree: a node granted through its parent shows so). Every change reaches every
 * open shell at once.
 */
export function MenuGrants() {
  const query = useAdminMenus();
  const update = useUpdateMenu();
  const grant = useGrantMenu();
  const [editing, setEditing] = useState<AdminMenuNode | null>(null);
  const menus = query.data;

  const act: MenuActions = {
    edit: setEditing,
    toggleHidden: (node, hidden) =>
      update.mutate({ code: node.code, name: node.name, sort: node.sort, hidden, badge: node.badge }),
    grant: (node, role, granted) => grant.mutate({ code: node.code, role, granted }),
  };

  // The role columns come with the nodes: the table is drawn once both are there.
  if (!menus) return null;
  return (
    <>
      <ListTable<MenuRow>
        label={MENU_TABLE}
        storeKey="admin-menus"
        columns={menuColumns(menus.roles, act)}
        columnsVary
        records={menuRows(menus.nodes)}
        idAccessor={(row) => row.node.code}
        rowAttributes={({ node }) => ({ 'aria-label': node.name, 'data-code': node.code })}
        noRecordsText="暂无菜单"
        fetching={query.isFetching}
        pinFirstColumn
        pinLastColumn
      />
      <MenuNodeModal node={editing} onClose={() => setEditing(null)} />
    </>
  );
}
