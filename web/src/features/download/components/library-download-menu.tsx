import { Button, Menu } from '@mantine/core';
import type { PaperFileFormat } from '@/generated/PaperFileFormat';
import { useClickGuard } from '@/hooks/use-click-guard';
import { useSubmitLibraryDownload } from '../api/submit-library-download';

/**
 * 下载 of a library paper (a row of 试卷库): Word or PDF, queued by download/library/submit; the
 * download popover follows the task. Click-guarded for 2000 ms after a choice.
 */
export function LibraryDownloadMenu({ paperId, title }: { paperId: number; title: string }) {
  const submit = useSubmitLibraryDownload();
  const guard = useClickGuard((format?: PaperFileFormat) => submit.mutate(format ? { paperId, format } : { paperId }));
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="subtle" aria-label={`下载：${title}`} disabled={guard.blocked}>
          下载
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => guard.onClick()}>Word</Menu.Item>
        <Menu.Item onClick={() => guard.onClick('pdf')}>PDF</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
