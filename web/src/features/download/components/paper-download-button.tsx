import { Group } from '@mantine/core';
import { GuardedButton } from '@/components/ui/guarded-button';
import { useSubmitPaperDownload } from '../api/submit-paper-download';

/**
 * 下载讲义 queues the paper as a Word document, PDF as a PDF (each click-guarded for 2000 ms);
 * the download popover follows the task.
 */
export function PaperDownloadButton({ paperId }: { paperId: number }) {
  const submit = useSubmitPaperDownload();
  return (
    <Group gap={4} wrap="nowrap">
      <GuardedButton variant="default" size="xs" onClick={() => submit.mutate({ paperId })}>
        下载讲义
      </GuardedButton>
      <GuardedButton variant="default" size="xs" onClick={() => submit.mutate({ paperId, format: 'pdf' })}>
        PDF
      </GuardedButton>
    </Group>
  );
}
