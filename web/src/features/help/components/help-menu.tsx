import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { paths, type RouteDef } from '@/config/paths';
import type { HelpLinks } from '@/generated/HelpLinks';
import { useShellConfig } from '../api/get-shell-config';

/** The menu's items: a configured link opens in a new tab, an empty one leads to the app's page. */
const ITEMS: { key: keyof HelpLinks; route: RouteDef }[] = [
  { key: 'demoVideo', route: paths.helpDemoVideo },
  { key: 'featureIntro', route: paths.helpFeatureIntro },
  { key: 'updateLog', route: paths.helpUpdateLog },
];

/** 帮助: demo video, feature introduction, update log. */
export function HelpMenu() {
  const { state } = useShellConfig();
  const links = state.status === 'ready' ? state.config.helpLinks : null;

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray" size="compact-sm">
          帮助
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ITEMS.map(({ key, route }) => {
          const external = links?.[key];
          return external ? (
            <Menu.Item key={key} component="a" href={external} target="_blank" rel="noopener noreferrer">
              {route.title}
            </Menu.Item>
          ) : (
            <Menu.Item key={key} component={Link} to={route.path}>
              {route.title}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
