import { Text, Typography } from '@mantine/core';
import { formatDateTime } from '@/lib/format';

function noticeTime(value: number | string): string {
  const date = new Date(typeof value === 'string' ? value.replace(' ', 'T') : value);
  return Number.isNaN(date.getTime()) ? String(value) : formatDateTime(date);
}

export interface NoticeContentProps {
  /** When it was published (ms, or the server's date text). */
  createTime: number | string;
  content: string;
}

/** A notice's body as the notice dialog shows it: its time, then its text as written. */
export function NoticeContent({ createTime, content }: NoticeContentProps) {
  return (
    <>
      <Text size="xs" c="dimmed" mb="sm">
        {noticeTime(createTime)}
      </Text>
      <Typography>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{content}</Text>
      </Typography>
    </>
  );
}
