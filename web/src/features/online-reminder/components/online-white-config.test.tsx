import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import {
  ADD_PATH,
  bodies,
  LIST_PATH,
  REMOVE_PATH,
  reminderServer,
  SETTINGS_PATH,
  signInAs,
  signOut,
} from '../test-helpers';
import { OnlineWhiteConfig, WHITELIST_TABLE } from './online-white-config';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  signOut();
  vi.unstubAllGlobals();
});

const ZHANG = '张老师 zhang@demo.eduhub';
const LI = '李辅导 li@demo.eduhub';

async function renderWhitelist(reminderType: number | null = 3) {
  render(<OnlineWhiteConfig reminderType={reminderType} />, {
    route: `/qualityCheckManagement/onlineWhiteConfigPage/${reminderType}`,
  });
  const table = await screen.findByRole('table', { name: WHITELIST_TABLE });
  await within(table).findByRole('row', { name: ZHANG });
  return table;
}

const calls = (fetch: ReturnType<typeof reminderServer>, path: string) =>
  fetch.mock.calls.filter(([u]) => u === path).length;

describe('白名单配置', () => {
  it("lists the kind's whitelist under its name", async () => {
    signInAs('operator');
    const fetch = reminderServer();
    const table = await renderWhitelist();
    expect(screen.getByRole('heading', { name: '白名单配置：学员未到课提醒' })).toBeInTheDocument();
    expect(screen.getByText('名单中的员工不会收到「学员未到课提醒」，共 2 人。')).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['姓名', '邮箱', '添加人', '添加时间']));
    const row = within(table).getByRole('row', { name: ZHANG });
    for (const text of ['张老师', 'zhang@demo.eduhub', '陈运营', '2026-03-01 08:00']) {
      expect(row).toHaveTextContent(text);
    }
    expect(within(table).getByRole('row', { name: LI })).toBeInTheDocument();
    expect(bodies(fetch, LIST_PATH)).toEqual([{ reminderType: 3 }]);
  });

  it('adds the e-mails typed, each once, and says who was added, listed already or unknown', async () => {
    signInAs('operator');
    const fetch = reminderServer([
      ['POST', ADD_PATH, () => envelope({ added: 2, already: 1, unknown: ['nobody@demo.eduhub'] })],
    ]);
    await renderWhitelist();
    const lists = calls(fetch, LIST_PATH);
    const reads = calls(fetch, SETTINGS_PATH);
    const box = screen.getByRole('textbox', { name: '员工邮箱' });
    await userEvent.type(
      box,
      'Wang@Demo.eduhub, zhao@demo.eduhub；zhang@demo.eduhub{Enter}nobody@demo.eduhub  wang@demo.eduhub',
    );
    await userEvent.click(screen.getByRole('button', { name: '添加' }));

    await waitFor(() =>
      expect(bodies(fetch, ADD_PATH)).toEqual([
        {
          reminderType: 3,
          emails: ['wang@demo.eduhub', 'zhao@demo.eduhub', 'zhang@demo.eduhub', 'nobody@demo.eduhub'],
        },
      ]),
    );
    const result = await screen.findByRole('status', { name: '添加结果' });
    expect(result).toHaveTextContent('已添加 2 人，已在名单 1 人');
    expect(result).toHaveTextContent('未找到账号：nobody@demo.eduhub');
    expect(box).toHaveValue('');
    // The list and the count on the settings are read again.
    await waitFor(() => expect(calls(fetch, LIST_PATH)).toBeGreaterThan(lists));
    expect(calls(fetch, SETTINGS_PATH)).toBeGreaterThan(reads);
  });

  it('asks for e-mails before adding none', async () => {
    signInAs('admin');
    const fetch = reminderServer();
    await renderWhitelist();
    await userEvent.type(screen.getByRole('textbox', { name: '员工邮箱' }), ' ,；');
    await userEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('请输入员工邮箱')).toBeInTheDocument();
    expect(bodies(fetch, ADD_PATH)).toEqual([]);
  });

  it('removes the staff picked once the removal is confirmed', async () => {
    signInAs('operator');
    const fetch = reminderServer([['POST', REMOVE_PATH, () => envelope(1)]]);
    const table = await renderWhitelist();
    const remove = screen.getByRole('button', { name: '移除' });
    expect(remove).toBeDisabled();
    await userEvent.click(within(table).getByRole('checkbox', { name: `选择 ${LI}` }));
    await userEvent.click(screen.getByRole('button', { name: '移除（1）' }));

    const dialog = await screen.findByRole('dialog', { name: '移出白名单' });
    expect(dialog).toHaveTextContent('确定将所选的 1 人移出白名单吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(bodies(fetch, REMOVE_PATH)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: '移除（1）' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '移出白名单' })).getByRole('button', { name: '移除' }),
    );
    await waitFor(() => expect(bodies(fetch, REMOVE_PATH)).toEqual([{ reminderType: 3, userIds: [12] }]));
    expect(await screen.findByText('已移除 1 人')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '移出白名单' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '移除' })).toBeDisabled();
  });

  it('shows a manager the list only', async () => {
    signInAs('area_manager');
    reminderServer();
    const table = await renderWhitelist();
    expect(screen.queryByRole('textbox', { name: '员工邮箱' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^移除/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says so when the link names no kind, and asks for no whitelist', async () => {
    signInAs('operator');
    const fetch = reminderServer();
    render(<OnlineWhiteConfig reminderType={null} />, { route: '/qualityCheckManagement/onlineWhiteConfigPage/x' });
    expect(await screen.findByText('链接中的提醒类型无效。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回线上课设置' })).toHaveAttribute(
      'href',
      '/qualityCheckManagement/onlineLessonSetup',
    );
    cleanup();
    render(<OnlineWhiteConfig reminderType={9} />, { route: '/qualityCheckManagement/onlineWhiteConfigPage/9' });
    expect(await screen.findByText('没有这种提醒类型（9）。')).toBeInTheDocument();
    expect(bodies(fetch, LIST_PATH)).toEqual([]);
  });
});
