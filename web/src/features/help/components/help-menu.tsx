import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { HELP_LINKS } from '@/config/constants';

/** 帮助: demo video, feature introduction, update log. */
export function HelpMenu() {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray" size="compact-sm">
          帮助
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={HELP_LINKS.demoVideo}>
          演示视频
        </Menu.Item>
        <Menu.Item component={Link} to={HELP_LINKS.featureIntro}>
          功能介绍
        </Menu.Item>
        <Menu.Item component={Link} to={HELP_LINKS.updateLog}>
          更新日志
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
