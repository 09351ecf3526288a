import { AppShell } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { AI_ASSISTANT_MENU_CODE, LOGIN_REDIRECT_DELAY_MS } from '@/config/constants';
import { MAIN_BACKGROUND_ROUTES, paths } from '@/config/paths';
import { reloadAfterSwitch } from '@/lib/page';
import { realtime } from '@/lib/realtime';
import { menuHasCode, useSession } from '@/lib/session';
import { useAiUnreadCount } from '@/features/ai/api/unread';
import { logout } from '@/features/auth/api/logout';
import { useRecordsRealtime } from '@/features/datacentre/hooks/use-records-realtime';
import { desktopBridge } from '@/features/desktop/desktop-bridge';
import { useDesktopDownloadRealtime } from '@/features/desktop/desktop-downloads';
import { useDownloadRealtime } from '@/features/download/hooks/use-download-realtime';
import { SaveResultMessages } from '@/features/library/components/save-result-messages';
import { SideMenu } from '@/features/menu/components/side-menu';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';
import { useSidebarOpen } from '@/features/menu/hooks/use-sidebar-open';
import { NoticeDialog } from '@/features/notice/components/notice-dialog';
import { useNoticeRealtime } from '@/features/notice/hooks/use-notice-realtime';
import { OnlineReminderNotifier } from '@/features/online-reminder/components/online-reminder-notifier';
import { PageTabs } from '@/features/tabs/components/page-tabs';
import { addTab } from '@/features/tabs/tabs-store';
import { usePageViewTracking } from '@/features/tracking/hooks/use-page-view-tracking';
import { flushTracking } from '@/features/tracking/tracker';
import { resetBootstrap } from '../session-bootstrap';
import { AppHeader } from './app-header';
import { useShellRealtime } from './use-shell-realtime';
import classes from './main-layout.module.css';

interface RouteHandle {
  name?: string;
  title?: string;
  noCache?: boolean;
}

/** The main layout: header, left menu, open-page tabs and the page (spec 01 §2 "Layout"). */
export function MainLayout() {
  const [navOpen, toggleNav] = useSidebarOpen();
  const menu = useSession((s) => s.menu) ?? [];
  const userEmail = useSession((s) => s.user?.userEmail ?? null);
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  useNoticeRealtime();
  useDownloadRealtime();
  useDesktopDownloadRealtime();
  useRecordsRealtime();
  useShellRealtime();
  const aiUnread = useAiUnreadCount(menuHasCode(menu, AI_ASSISTANT_MENU_CODE));

  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.name)?.handle as
    RouteHandle | undefined;
  const mainBackground = !!handle?.name && MAIN_BACKGROUND_ROUTES.includes(handle.name);
  const title = usePageTitle(handle?.name, handle?.title);
  usePageViewTracking(handle?.name);

  useEffect(() => {
    realtime.ensureConnected();
    if (handle?.name && title) {
      addTab({
        name: handle.name,
        path: location.pathname + location.search,
        title,
        noCache: handle.noCache,
      });
    }
  }, [location.pathname, location.search, handle?.name, title, handle?.noCache]);

  const onLogout = async () => {
    // The session's last events go while it lasts; the desktop client closes its child windows.
    await flushTracking();
    void desktopBridge.closeChildWindows();
    try {
      await logout();
    } catch {
      // the session is dropped locally either way
    }
    resetBootstrap();
    setTimeout(() => navigate(paths.login.path, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: navOpen ? 220 : 72, breakpoint: 0 }}
      padding={0}
      className={classes.shell}
    >
      <AppShell.Header>
        <AppHeader
          navOpen={navOpen}
          onToggleNav={toggleNav}
          onSwitched={() => reloadAfterSwitch(() => void navigate(paths.home.path))}
          onLogout={() => void onLogout()}
        />
      </AppShell.Header>
      <AppShell.Navbar>
        <SideMenu menu={menu} open={navOpen} aiUnread={aiUnread} />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main} data-background={mainBackground ? 'main' : 'other'}>
        <PageTabs />
        <Outlet />
      </AppShell.Main>
      <NoticeDialog />
      <SaveResultMessages user={userEmail} />
      <OnlineReminderNotifier />
    </AppShell>
  );
}
