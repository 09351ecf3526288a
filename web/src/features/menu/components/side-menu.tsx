import { Badge, Divider, Group, Indicator, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import { AI_ASSISTANT_MENU_CODE, KNOWLEDGE_REPOSITORY_MENU_CODE } from '@/config/constants';
import { paths } from '@/config/paths';
import { Limits } from '@/generated/codes';
import type { MenuItem } from '@/generated/MenuItem';
import { badgeLabel } from '@/lib/format';
import { isMenuItemActive, mergeSoleNamesake, type ResolvedMenuItem, resolveMenu } from '../menu-target';
import { MenuGroupIcon } from './menu-icons';
import classes from './side-menu.module.css';

export interface SideMenuProps {
  menu: MenuItem[];
  open: boolean;
  /** Unread count of the AI assistant (badge max 99, hidden at 0). */
  aiUnread?: number;
}

const HOME_ITEM: ResolvedMenuItem = {
  item: { code: 'HOME', name: '首页', url: 'home', level: 1, children: [] },
  routeName: paths.home.name,
  to: paths.home.path,
  children: [],
};

function routeNames(matches: ReturnType<typeof useMatches>): Set<string> {
  const names = new Set<string>();
  for (const m of matches) {
    const handle = m.handle as { name?: string } | undefined;
    if (handle?.name) names.add(handle.name);
  }
  return names;
}

/**
 * The left menu: a fixed Home item, then the server's menu (spec 01 §2 "Left menu"). An item's
 * badge (set by an administrator) is shown beside its name. Collapsed, it shows each top-level
 * item's icon, its name in a tooltip.
 */
export function SideMenu({ menu, open, aiUnread = 0 }: SideMenuProps) {
  const matches = useMatches();
  const { pathname } = useLocation();
  const names = useMemo(() => routeNames(matches), [matches]);
  const items = useMemo(() => [HOME_ITEM, ...resolveMenu(menu)].map(mergeSoleNamesake), [menu]);

  const renderItem = (entry: ResolvedMenuItem, depth: number) => {
    const { item, children } = entry;
    const active = isMenuItemActive(entry, names, pathname);
    const badge = item.code === AI_ASSISTANT_MENU_CODE ? badgeLabel(aiUnread, Limits.MENU_BADGE_MAX) : null;
    const icon = depth === 0 ? <MenuGroupIcon code={item.code} /> : undefined;
    const right = badge ? (
      <Badge size="xs" color="red" circle={badge.length < 2} aria-label={`未读 ${badge}`}>
        {badge}
      </Badge>
    ) : undefined;
    // The short mark an administrator put on the item (e.g. 新), beside its name.
    const mark = item.badge || null;
    const label = mark ? (
      <Group gap={6} wrap="nowrap" component="span">
        <span>{item.name}</span>
        <Badge size="xs" variant="light" color="orange" component="span" data-menu-badge>
          {mark}
        </Badge>
      </Group>
    ) : (
      item.name
    );

    if (!open) {
      // Collapsed, a group leads to its first page the user has.
      return (
        <Tooltip key={item.code} label={item.name} position="right">
          <NavLink
            component={Link}
            to={children[0]?.to ?? entry.to}
            aria-label={item.name}
            leftSection={
              <Indicator label={badge ?? mark} disabled={!badge && !mark} size={16} color={badge ? 'red' : 'orange'}>
                {icon}
              </Indicator>
            }
            active={active}
            aria-current={active ? 'page' : undefined}
            className={classes.collapsed}
            variant="light"
          />
        </Tooltip>
      );
    }
    if (children.length > 0) {
      return (
        <NavLink
          key={item.code}
          label={label}
          leftSection={icon}
          active={active}
          defaultOpened={active}
          rightSection={right}
          className={classes.link}
          variant={active ? 'light' : 'subtle'}
        >
          {children.map((c) => renderItem(c, depth + 1))}
        </NavLink>
      );
    }
    return (
      <NavLink
        key={item.code}
        component={Link}
        to={entry.to}
        label={label}
        leftSection={icon}
        active={active}
        aria-current={active ? 'page' : undefined}
        rightSection={right}
        className={classes.link}
        variant={depth > 0 ? 'subtle' : 'light'}
      />
    );
  };

  return (
    <ScrollArea className={classes.root} component="nav" aria-label="主菜单">
      <Stack gap={2} p="xs">
        {items.map((entry) => (
          <Fragment key={entry.item.code}>
            {renderItem(entry, 0)}
            {entry.item.code === KNOWLEDGE_REPOSITORY_MENU_CODE && <Divider my={6} data-testid="menu-divider" />}
          </Fragment>
        ))}
      </Stack>
    </ScrollArea>
  );
}
