import { GuardedButton } from '@/components/ui/guarded-button';
import { submitPaper } from '../downloads-store';

/** 下载讲义: queues the paper as a Word document (click-guarded for 2000 ms). */
export function PaperDownloadButton({ paperId }: { paperId: number }) {
  return (
    <GuardedButton variant="default" size="xs" onClick={() => void submitPaper(paperId)}>
      下载讲义
    </GuardedButton>
  );
}
