import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OnlineReminderSetting } from '@/generated/OnlineReminderSetting';
import { act, cleanup, envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { bodies, reminderServer, SAVE_PATH, settings, signInAs, signOut } from '../test-helpers';
import { OnlineLessonSetup } from './online-lesson-setup';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  signOut();
  vi.unstubAllGlobals();
});

const card = (name: string) => screen.getByRole('region', { name });

async function renderSetup() {
  render(<OnlineLessonSetup />, { route: '/qualityCheckManagement/onlineLessonSetup' });
  await screen.findByRole('region', { name: '学员未到课提醒' });
}

/** Kind 2 as saved: off, 15 minutes, by the operator signed in. */
function savedKind2(): OnlineReminderSetting[] {
  return settings().map((s) =>
    s.reminderType === 2
      ? {
          ...s,
          enabled: false,
          minutes: 15,
          description: '开课后 15 分钟主讲老师仍未进入教室时提醒',
          updatedBy: '测试用户',
          updatedAt: new Date(2026, 2, 5, 14, 20).getTime(),
        }
      : s,
  );
}

describe('线上课设置', () => {
  it('shows every kind the server has: what it does, on or off, its minutes, last change, whitelist', async () => {
    signInAs('operator');
    reminderServer();
    await renderSetup();
    expect(screen.getByRole('heading', { name: '线上课设置' })).toBeInTheDocument();
    expect(screen.getAllByRole('region')).toHaveLength(3);

    const start = card('开课提醒');
    expect(within(start).getByText('开课前 10 分钟提醒老师准备上课')).toBeInTheDocument();
    expect(within(start).getByRole('switch', { name: '启用' })).toBeChecked();
    expect(within(start).getByRole('textbox', { name: '分钟' })).toHaveValue('10');
    expect(within(start).getByText('最后修改：尚未修改（默认设置）')).toBeInTheDocument();
    expect(within(start).getByRole('link', { name: '白名单（0 人）' })).toHaveAttribute(
      'href',
      '/qualityCheckManagement/onlineWhiteConfigPage/1',
    );

    const teacher = card('老师未进教室提醒');
    expect(within(teacher).getByRole('textbox', { name: '分钟' })).toHaveValue('5');
    expect(within(teacher).getByText('最后修改：陈运营 2026-03-02 09:30')).toBeInTheDocument();

    const students = card('学员未到课提醒');
    expect(within(students).getByRole('switch', { name: '启用' })).not.toBeChecked();
    expect(within(students).getByRole('link', { name: '白名单（2 人）' })).toHaveAttribute(
      'href',
      '/qualityCheckManagement/onlineWhiteConfigPage/3',
    );
    // Nothing changed yet: nothing to save.
    expect(within(students).getByRole('button', { name: '保存' })).toBeDisabled();
  });

  it('saves one kind, waits while it saves, then shows what the server saved', async () => {
    signInAs('operator');
    let answer: (r: Response) => void = () => {};
    const fetch = reminderServer([['POST', SAVE_PATH, () => new Promise<Response>((resolve) => (answer = resolve))]]);
    await renderSetup();
    const teacher = card('老师未进教室提醒');
    await userEvent.click(within(teacher).getByRole('switch', { name: '启用' }));
    const minutes = within(teacher).getByRole('textbox', { name: '分钟' });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '15');
    const save = within(teacher).getByRole('button', { name: '保存' });
    await userEvent.click(save);

    await waitFor(() => expect(bodies(fetch, SAVE_PATH)).toEqual([{ reminderType: 2, enabled: false, minutes: 15 }]));
    expect(save).toBeDisabled();
    // Only this kind's 保存 waits.
    expect(save).toHaveAttribute('data-loading');
    expect(within(card('开课提醒')).getByRole('button', { name: '保存' })).not.toHaveAttribute('data-loading');

    act(() => answer(envelope(savedKind2())));
    expect(await screen.findByText('老师未进教室提醒已保存')).toBeInTheDocument();
    const saved = card('老师未进教室提醒');
    expect(within(saved).getByText('开课后 15 分钟主讲老师仍未进入教室时提醒')).toBeInTheDocument();
    expect(within(saved).getByText('最后修改：测试用户 2026-03-05 14:20')).toBeInTheDocument();
    expect(within(saved).getByRole('switch', { name: '启用' })).not.toBeChecked();
    expect(within(saved).getByRole('textbox', { name: '分钟' })).toHaveValue('15');
    expect(within(saved).getByRole('button', { name: '保存' })).toBeDisabled();
  });

  it('refuses minutes outside 1–120 before asking the server', async () => {
    signInAs('admin');
    const fetch = reminderServer();
    await renderSetup();
    const start = card('开课提醒');
    const minutes = within(start).getByRole('textbox', { name: '分钟' });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '121');
    expect(within(start).getByText('请输入 1–120 之间的整数')).toBeInTheDocument();
    expect(within(start).getByRole('button', { name: '保存' })).toBeDisabled();
    await userEvent.clear(minutes);
    expect(within(start).getByRole('button', { name: '保存' })).toBeDisabled();
    await userEvent.type(minutes, '30');
    expect(within(start).queryByText('请输入 1–120 之间的整数')).not.toBeInTheDocument();
    expect(within(start).getByRole('button', { name: '保存' })).toBeEnabled();
    expect(bodies(fetch, SAVE_PATH)).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    signInAs('operator');
    reminderServer([['POST', SAVE_PATH, () => envelope(null, 'A0400', 'minutes 需在 1 到 120 之间：90', 400)]]);
    await renderSetup();
    const start = card('开课提醒');
    const minutes = within(start).getByRole('textbox', { name: '分钟' });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '90');
    await userEvent.click(within(start).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('minutes 需在 1 到 120 之间：90')).toBeInTheDocument();
    expect(within(card('开课提醒')).getByRole('textbox', { name: '分钟' })).toHaveValue('90');
    expect(screen.queryByText('开课提醒已保存')).not.toBeInTheDocument();
  });

  it('shows a manager the settings read-only', async () => {
    signInAs('school_manager');
    reminderServer();
    await renderSetup();
    expect(screen.getByText('仅管理员和运营可修改提醒设置。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
    const start = card('开课提醒');
    expect(within(start).getByRole('switch', { name: '启用' })).toBeDisabled();
    expect(within(start).getByRole('textbox', { name: '分钟' })).toHaveAttribute('readonly');
    // The whitelist is still there to read.
    expect(within(start).getByRole('link', { name: '白名单（0 人）' })).toBeInTheDocument();
  });
});
