import { GuardedButton } from '@/components/ui/guarded-button';
import { useSubmitPaperDownload } from '../api/submit-paper-download';

/** 下载讲义: queues the paper as a Word document (click-guarded for 2000 ms). */
export function PaperDownloadButton({ paperId }: { paperId: number }) {
  const submit = useSubmitPaperDownload();
  return (
    <GuardedButton variant="default" size="xs" onClick={() => submit.mutate(paperId)}>
      下载讲义
    </GuardedButton>
  );
}
