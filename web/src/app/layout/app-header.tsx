import { Burger, Divider, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import logo from '@/assets/logo.svg';
import { ConnectionIndicator } from '@/components/connection-indicator';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { SubjectSelector as DataCentreSubjectSelector } from '@/features/datacentre/components/subject-selector';
import { DownloadPopover } from '@/features/download/components/download-popover';
import { FeedbackPopover } from '@/features/help/components/feedback-popover';
import { HelpMenu } from '@/features/help/components/help-menu';
import { NoticeBell } from '@/features/notice/components/notice-bell';
import { ProvinceSelector } from '@/features/selection/components/province-selector';
import { SchoolSelector } from '@/features/selection/components/school-selector';
import { SubjectStageSelector } from '@/features/selection/components/subject-stage-selector';
import { UserMenu } from '@/features/user/components/user-menu';
import { selectorsFor, subtitleFor } from './header-context';
import classes from './main-layout.module.css';

export interface AppHeaderProps {
  navOpen: boolean;
  onToggleNav: () => void;
  onSwitched: () => void;
  onLogout: () => void;
}

export function AppHeader({ navOpen, onToggleNav, onSwitched, onLogout }: AppHeaderProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const selection = useSession((s) => s.selection);
  const selectors = selectorsFor(pathname);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" className={classes.header}>
      <Group gap="sm" wrap="nowrap">
        <Burger opened={false} onClick={onToggleNav} size="sm" aria-label={navOpen ? '收起菜单' : '展开菜单'} />
        <UnstyledButton onClick={() => navigate(paths.home.path)} aria-label="返回首页">
          <Group gap={8} wrap="nowrap">
            <Image src={logo} alt="" w={28} h={28} />
            <Text fw={700}>EduHub</Text>
          </Group>
        </UnstyledButton>
        <Divider orientation="vertical" />
        <Text size="sm" c="dimmed" className={classes.subtitle}>
          {subtitleFor(pathname)}
        </Text>
        {user && selectors === 'school-subject' && (
          <>
            {/* The data centre searches the selected school and its own subjects (02 §1, §3.1). */}
            <SchoolSelector user={user} />
            <DataCentreSubjectSelector />
          </>
        )}
        {user && selectors === 'province-subject' && (
          <>
            <ProvinceSelector subject={selection?.subject} />
            <SubjectStageSelector user={user} selection={selection} />
          </>
        )}
      </Group>
      {user && (
        <Group gap={6} wrap="nowrap">
          <ConnectionIndicator />
          <HelpMenu />
          <FeedbackPopover />
          <NoticeBell />
          <DownloadPopover />
          <UserMenu user={user} onSwitched={onSwitched} onLogout={onLogout} />
        </Group>
      )}
    </Group>
  );
}
