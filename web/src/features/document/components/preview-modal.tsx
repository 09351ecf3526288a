import { Box, Image, Modal } from '@mantine/core';
import type { InPlaceKind } from '../api/preview';

export interface PreviewState {
  name: string;
  kind: InPlaceKind;
  url: string;
}

/** Images, PDF, video and audio opened in place. */
export function PreviewModal({ preview, onClose }: { preview: PreviewState | null; onClose: () => void }) {
  return (
    <Modal opened={preview !== null} onClose={onClose} title={preview?.name ?? '预览'} size="xl" centered>
      {preview && (
        <Box data-testid="drive-preview" data-kind={preview.kind}>
          {preview.kind === 'image' && <Image src={preview.url} alt={preview.name} fit="contain" mah="70vh" />}
          {preview.kind === 'pdf' && (
            <iframe title={preview.name} src={preview.url} style={{ width: '100%', height: '70vh', border: 0 }} />
          )}
          {preview.kind === 'video' && (
            <video src={preview.url} controls style={{ width: '100%', maxHeight: '70vh' }} aria-label={preview.name} />
          )}
          {preview.kind === 'audio' && (
            <audio src={preview.url} controls style={{ width: '100%' }} aria-label={preview.name} />
          )}
        </Box>
      )}
    </Modal>
  );
}
