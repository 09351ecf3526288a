import { Anchor, Image, Stack, Text } from '@mantine/core';
import type { TaskFileInfo } from '@/generated/TaskFileInfo';
import { formatFileSize } from '@/lib/format';
import { TASK_IMAGE, TASK_MEDIA } from '../camp-dict';

const AUDIO_EXTENSIONS = new Set(['mp3', 'wav', 'm4a', 'aac', 'ogg', 'flac', 'amr', 'wma']);

/** A task's file: an image or a player inline, always a link that opens it in a new tab. */
export function FileView({ file }: { file: TaskFileInfo }) {
  const ext = file.ext.toLowerCase();
  return (
    <Stack gap="xs">
      {file.taskType === TASK_IMAGE && <Image src={file.url} alt={file.fileName} fit="contain" mah={480} />}
      {file.taskType === TASK_MEDIA &&
        (AUDIO_EXTENSIONS.has(ext) ? (
          <audio src={file.url} controls style={{ width: '100%' }} aria-label={file.fileName} />
        ) : (
          <video src={file.url} controls style={{ width: '100%', maxHeight: 480 }} aria-label={file.fileName} />
        ))}
      <Text size="sm">
        <Anchor href={file.url} target="_blank" rel="noreferrer">
          在新窗口打开「{file.fileName}」
        </Anchor>
        {file.size > 0 && (
          <Text span size="xs" c="dimmed">
            {' '}
            （{formatFileSize(file.size)}）
          </Text>
        )}
      </Text>
    </Stack>
  );
}
