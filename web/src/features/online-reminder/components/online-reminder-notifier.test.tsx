import { notifications } from '@mantine/notifications';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OnlineReminder } from '@/generated/OnlineReminder';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import { act, cleanup, render, screen, userEvent, waitFor } from '@/testing/test-utils';
import { OnlineReminderNotifier } from './online-reminder-notifier';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.restoreAllMocks();
});

/** Shows where the app is, to check where 去看课 leads. */
function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderNotifier() {
  const { client, socket } = connectedClient();
  render(
    <>
      <OnlineReminderNotifier client={client} />
      <Where />
    </>,
    { route: '/main/home' },
  );
  return socket;
}

function reminder(patch: Partial<OnlineReminder> = {}): OnlineReminder {
  return {
    reminderType: 3,
    reminderName: '学员未到课提醒',
    lessonId: 42,
    className: '三年级数学A班',
    lessonNo: 3,
    lessonName: '分数的认识',
    startAt: new Date(2026, 2, 5, 19, 0).getTime(),
    text: '三年级数学A班 第3讲 已开课 10 分钟，仍有 2 名学员未到课',
    students: ['小明', '小红'],
    ...patch,
  };
}

describe('online-lesson reminders', () => {
  it('shows a pushed reminder with the students not arrived and a way to the lesson', async () => {
    const socket = renderNotifier();
    socket.push(501, 'magic_online_reminder', pushContent({ id: 42, value: reminder() }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('学员未到课提醒');
    expect(alert).toHaveTextContent('三年级数学A班 第3讲 已开课 10 分钟，仍有 2 名学员未到课');
    expect(alert).toHaveTextContent('未到课学员：小明、小红');
    const watch = screen.getByRole('link', { name: '去看课' });
    expect(watch).toHaveAttribute('href', '/easyServer/watchLessonPage/42');
    expect(socket.acks()).toContain('501');

    await userEvent.click(watch);
    expect(screen.getByTestId('where')).toHaveTextContent('/easyServer/watchLessonPage/42');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('names no students for the other kinds, and shows a lesson and kind once', async () => {
    const socket = renderNotifier();
    const start = reminder({
      reminderType: 1,
      reminderName: '开课提醒',
      text: '三年级数学A班 第3讲 将于 19:00 开课',
      students: [],
    });
    socket.push(502, 'magic_online_reminder', pushContent({ id: 42, value: start }));
    socket.push(503, 'magic_online_reminder', pushContent({ id: 42, value: start }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('开课提醒');
    expect(alert).toHaveTextContent('三年级数学A班 第3讲 将于 19:00 开课');
    expect(alert).not.toHaveTextContent('未到课学员');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('passes over a push that carries no reminder', async () => {
    const show = vi.spyOn(notifications, 'show');
    const socket = renderNotifier();
    socket.push(504, 'magic_online_reminder', pushContent({ id: 42, value: { lessonId: 42 } }));
    socket.push(505, 'magic_drive_changed', pushContent({ value: reminder() }));
    expect(show).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
