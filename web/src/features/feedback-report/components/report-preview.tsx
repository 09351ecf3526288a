import { Paper, Stack, Text, Title } from '@mantine/core';
import type { FeedbackDetail } from '@/generated/FeedbackDetail';
import { FEEDBACK_DOC_TITLE, FEEDBACK_SECTIONS } from '../sections';
import { ReportContext } from './report-context';

/** A report as read-only text (the signed preview: no login, no live document). */
export function ReportPreview({ detail }: { detail: FeedbackDetail }) {
  return (
    <Stack gap="md">
      <Title order={3}>{FEEDBACK_DOC_TITLE}</Title>
      <ReportContext report={detail.report} />
      {FEEDBACK_SECTIONS.map(({ key, title }) => {
        const text = detail.sections[key] ?? '';
        const headingId = `preview-${key}`;
        return (
          <Paper key={key} withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
            <Text id={headingId} fw={600} mb="xs">
              {title}
            </Text>
            {text.trim() === '' ? (
              <Text c="dimmed" size="sm">
                暂无内容
              </Text>
            ) : (
              text.split('\n').map((line, i) => (
                <Text key={i} mih="1.5em">
                  {line}
                </Text>
              ))
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
