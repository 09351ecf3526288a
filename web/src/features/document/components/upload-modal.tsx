// 上传文件: files picked (or dropped) here go through the app's upload manager and are saved into
// the folder being viewed; the lists show each file's progress and outcome.

import { Group, Modal, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { Limits } from '@/generated/codes';
import { UploadLists } from '@/features/upload/components/upload-lists';
import { acceptOf, extensionsOf } from '@/features/upload/upload-rules';
import { DRIVE_UPLOAD_CLASSES, type DriveTarget, type DriveUploads } from '../drive-upload';

export interface UploadModalProps {
  opened: boolean;
  uploads: DriveUploads;
  target: DriveTarget;
  /** The folder's name, e.g. 我的空间 / 教案. */
  folderName: string;
  onClose: () => void;
}

export function UploadModal({ opened, uploads, target, folderName, onClose }: UploadModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="上传文件" size="lg" centered>
      <Stack>
        <Text size="sm" c="blue" data-testid="drive-upload-target">
          上传到：{folderName}
        </Text>
        <Dropzone
          onDropAny={(files, rejections) => uploads.add([...files, ...rejections.map((r) => r.file)], target)}
          onDrop={() => {}}
          accept={acceptOf(DRIVE_UPLOAD_CLASSES)}
          multiple
          inputProps={{ 'aria-label': '选择文件' }}
          aria-label="上传区域"
        >
          <Group justify="center" mih={90} style={{ pointerEvents: 'none' }}>
            <div>
              <Text>将文件拖到此处，或点击选择文件</Text>
              <Text size="xs" c="dimmed" mt={4}>
                支持 {extensionsOf(DRIVE_UPLOAD_CLASSES).join('、')}；同时最多上传 {Limits.MAX_CONCURRENT_UPLOADS}{' '}
                个文件
              </Text>
            </div>
          </Group>
        </Dropzone>
        <UploadLists manager={uploads.manager} classes={DRIVE_UPLOAD_CLASSES} />
      </Stack>
    </Modal>
  );
}
