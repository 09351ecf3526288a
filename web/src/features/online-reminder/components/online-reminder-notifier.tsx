import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { TypeCode } from '@/generated/codes';
import type { OnlineReminder } from '@/generated/OnlineReminder';
import { realtime, type RealtimeClient } from '@/lib/realtime';
import { watchLessonPath } from '../reminder-paths';
import { parseOnlineReminder, STUDENTS_NOT_ARRIVED } from '../reminder-rules';

interface ReminderMessageProps {
  reminder: OnlineReminder;
  /** Opens the lesson (the notification is drawn outside the router, so the caller navigates). */
  onOpen: (path: string) => void;
}

/** The reminder's sentence, the students not arrived (学员未到课提醒) and the way to the lesson. */
function ReminderMessage({ reminder, onOpen }: ReminderMessageProps) {
  const path = watchLessonPath(reminder.lessonId);
  return (
    <Stack gap={4}>
      <Text size="sm">{reminder.text}</Text>
      {reminder.reminderType === STUDENTS_NOT_ARRIVED && reminder.students.length > 0 && (
        <Text size="sm">未到课学员：{reminder.students.join('、')}</Text>
      )}
      <Anchor
        href={path}
        size="sm"
        onClick={(e) => {
          e.preventDefault();
          onOpen(path);
        }}
      >
        去看课
      </Anchor>
    </Stack>
  );
}

/**
 * Shows each online-lesson reminder pushed to the user (`magic_online_reminder`: a lesson about
 * to begin, its teacher not in the room, students not arrived) as a notification that stays until
 * closed or followed, since a reminder missed is a lesson gone wrong. The push is stored, so one
 * sent while the user was away arrives when they come back. Mounted once, by the main layout.
 */
export function OnlineReminderNotifier({ client = realtime }: { client?: RealtimeClient }) {
  const navigate = useNavigate();
  useEffect(
    () =>
      client.subscribe(TypeCode.OnlineReminder, (message) => {
        const reminder = parseOnlineReminder(message.content?.value);
        if (!reminder) return;
        // One notification per lesson and kind, however often it is delivered.
        const id = `online-reminder-${reminder.lessonId}-${reminder.reminderType}`;
        notifications.show({
          id,
          color: 'orange',
          title: reminder.reminderName || '线上课提醒',
          message: (
            <ReminderMessage
              reminder={reminder}
              onOpen={(path) => {
                notifications.hide(id);
                void navigate(path);
              }}
            />
          ),
          autoClose: false,
          closeButtonProps: { 'aria-label': '关闭提醒' },
        });
      }),
    [client, navigate],
  );
  return null;
}
