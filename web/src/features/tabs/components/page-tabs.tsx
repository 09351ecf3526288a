import { CloseButton, Group, Menu, ScrollArea, UnstyledButton, Text, ActionIcon } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useStore } from '@/lib/store';
import { moveTab, removeAllTabs, removeOtherTabs, removeTab, tabsStore } from '../tabs-store';
import classes from './page-tabs.module.css';

const FIXED = [paths.home.path];

/** The strip of open pages under the header: switch, close, close others/all, drag to reorder. */
export function PageTabs() {
  const visited = useStore(tabsStore, (s) => s.visited);
  const location = useLocation();
  const navigate = useNavigate();
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const currentPath = location.pathname + location.search;
  const activeTab = useRef<HTMLButtonElement>(null);

  // A page opened from the menu or a link may have its tab beyond the strip's visible part.
  useEffect(() => {
    activeTab.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [currentPath, visited.length]);

  const close = (path: string) => {
    const index = visited.findIndex((t) => t.path === path);
    removeTab(path);
    if (path === currentPath) {
      const next = visited[index + 1] ?? visited[index - 1];
      void navigate(next && next.path !== path ? next.path : paths.home.path);
    }
  };

  if (visited.length === 0) return null;

  return (
    <Group gap={0} wrap="nowrap" className={classes.root}>
      <ScrollArea type="never" style={{ flex: 1 }}>
        <Group gap={4} wrap="nowrap" role="tablist" aria-label="已打开页面">
          {visited.map((tab, index) => {
            const active = tab.path === currentPath;
            const fixed = FIXED.includes(tab.path);
            return (
              <UnstyledButton
                key={tab.path}
                ref={active ? activeTab : undefined}
                role="tab"
                aria-selected={active}
                className={classes.tab}
                data-active={active || undefined}
                draggable
                onDragStart={() => setDragIndex(index)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={() => {
                  if (dragIndex !== null) moveTab(dragIndex, index);
                  setDragIndex(null);
                }}
                onClick={() => navigate(tab.path)}
              >
                <Text size="xs" span>
                  {tab.title}
                </Text>
                {!fixed && (
                  <CloseButton
                    size="xs"
                    component="span"
                    aria-label={`关闭 ${tab.title}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      close(tab.path);
                    }}
                  />
                )}
              </UnstyledButton>
            );
          })}
        </Group>
      </ScrollArea>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label="标签操作">
            ⋯
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => removeOtherTabs(currentPath, FIXED)}>关闭其他</Menu.Item>
          <Menu.Item
            onClick={() => {
              removeAllTabs(FIXED);
              void navigate(paths.home.path);
            }}
          >
            关闭全部
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
