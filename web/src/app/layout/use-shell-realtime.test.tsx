import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { examGroupKeys } from '@/features/exam-group/api/exam-group-keys';
import { bannerKey } from '@/features/home/api/banner';
import { SideMenu } from '@/features/menu/components/side-menu';
import type { MenuItem } from '@/generated/MenuItem';
import { type RealtimeClient } from '@/lib/realtime';
import { sessionStore, useSession } from '@/lib/session';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import { administrationMenu, seededTeacherMenu } from '@/testing/fixtures';
import { createTestQueryClient, envelope, mockFetch, render, screen, urlsOf, waitFor } from '@/testing/test-utils';
import { useShellRealtime } from './use-shell-realtime';

const MENU_LIST = '/api/pub/user/menu-list';

function Shell({ client }: { client: RealtimeClient }) {
  useShellRealtime(client);
  const menu = useSession((s) => s.menu) ?? [];
  return <SideMenu menu={menu} open />;
}

/** The menu the server now gives: the administration added, its audit log marked 新. */
const changedMenu: MenuItem[] = [
  ...seededTeacherMenu,
  {
    ...administrationMenu,
    children: administrationMenu.children.map((c) => (c.url === 'adminAuditLog' ? { ...c, badge: '新' } : c)),
  },
];

const changed = (what: string) => pushContent({ value: { what } });

beforeEach(() => {
  sessionStore.set((s) => ({ ...s, menu: seededTeacherMenu }));
});
afterEach(() => {
  sessionStore.set((s) => ({ ...s, menu: null }));
  vi.unstubAllGlobals();
});

/** The shell over a server answering `changedMenu`; the whitelist, banners and admin views cached. */
function openShell() {
  const fetch = mockFetch([['GET', MENU_LIST, () => envelope(changedMenu)]]);
  const { client, socket } = connectedClient();
  const queryClient = createTestQueryClient();
  for (const key of [
    adminKeys.menus(),
    adminKeys.whitelist(),
    adminKeys.banners(),
    examGroupKeys.whiteCheck('t@x'),
    bannerKey,
  ]) {
    queryClient.setQueryData(key, {});
  }
  render(<Shell client={client} />, { route: '/main/home', queryClient });
  const invalidated = () =>
    queryClient
      .getQueryCache()
      .findAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => JSON.stringify(q.queryKey))
      .sort();
  return { fetch, socket, invalidated };
}

describe('magic_shell_changed', () => {
  it('reads the menu tree again at once: the new group and its badge appear without a reload', async () => {
    const { fetch, socket, invalidated } = openShell();
    expect(screen.queryByText('系统管理')).not.toBeInTheDocument();

    // As the server sends it: a signal with an empty id, neither acknowledged nor a resume point.
    socket.push('', 'magic_shell_changed', changed('menus'));
    expect(await screen.findByText('系统管理')).toBeInTheDocument();
    expect(screen.getByText('新')).toBeInTheDocument();
    expect(urlsOf(fetch)).toEqual([MENU_LIST]);
    expect(socket.acks()).toEqual([]);
    expect(sessionStore.get().menu).toEqual(changedMenu);
    // The administration's own view of the menus reads again; nothing else.
    expect(invalidated()).toEqual([JSON.stringify(adminKeys.menus())]);
  });

  it('reads what the whitelist gates on `whitelist`, the home banners on `banners`, not the menu', async () => {
    const { fetch, socket, invalidated } = openShell();
    socket.push('', 'magic_shell_changed', changed('whitelist'));
    await waitFor(() =>
      expect(invalidated()).toEqual(
        [JSON.stringify(adminKeys.whitelist()), JSON.stringify(examGroupKeys.whiteCheck('t@x'))].sort(),
      ),
    );
    socket.push('', 'magic_shell_changed', changed('banners'));
    await waitFor(() => expect(invalidated()).toContain(JSON.stringify(bannerKey)));
    expect(invalidated()).toContain(JSON.stringify(adminKeys.banners()));
    expect(invalidated()).not.toContain(JSON.stringify(adminKeys.menus()));
    expect(urlsOf(fetch)).toEqual([]);
  });

  it('reads everything again after a reconnect (a signal sent meanwhile is not replayed)', async () => {
    const { fetch, socket, invalidated } = openShell();
    vi.useFakeTimers();
    try {
      socket.drop();
      vi.advanceTimersByTime(2_000);
    } finally {
      vi.useRealTimers();
    }
    socket.open();
    expect(await screen.findByText('系统管理')).toBeInTheDocument();
    expect(urlsOf(fetch)).toEqual([MENU_LIST]);
    await waitFor(() => expect(invalidated()).toHaveLength(5));
  });

  it('reads everything when the push names nothing it knows', async () => {
    const { socket, invalidated } = openShell();
    socket.push('', 'magic_shell_changed', pushContent({ value: null }));
    expect(await screen.findByText('系统管理')).toBeInTheDocument();
    await waitFor(() => expect(invalidated()).toHaveLength(5));
  });
});
