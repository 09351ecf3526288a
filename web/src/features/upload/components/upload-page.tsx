import { Group, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { Limits } from '@/generated/codes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { acceptOf, type CampContext, extensionsOf, UPLOAD_KIND_CLASSES, type UploadKind } from '../upload-rules';
import { resourceKeys } from '../api/get-resources';
import type { UploadManager } from '../upload-manager';
import { uploadManager } from '../upload-manager-instance';
import { ResourceTable } from './resource-table';
import { UploadLists } from './upload-lists';

const TITLE: Record<UploadKind, string> = {
  files: '上传文件',
  media: '上传音视频',
};

function UploadIcon() {
  return (
    <svg
      width="40"
      height="40"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      aria-hidden="true"
    >
      <path d="M12 16V4m0 0-4 4m4-4 4 4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" strokeLinecap="round" />
    </svg>
  );
}

export interface UploadPageProps {
  kind: UploadKind;
  manager?: UploadManager;
  /** Opened for a camp phase: the files picked here become its tasks. */
  camp?: CampContext | null;
}

/** The line that tells where the files go, e.g. 上传的文件将添加到营地 5 的阶段 9. */
function campTargetText(camp: CampContext): string {
  const phase = camp.phaseName ? `「${camp.phaseName}」` : ` ${camp.phaseId}`;
  return `上传的文件将添加到营地 ${camp.campCode ?? camp.campId} 的阶段${phase}`;
}

/**
 * The upload pages (/knowledgeRepository/uploadFiles for documents and images, uploadMedia for
 * video and audio): a drop zone that is also the file picker, the manager's lists, and the
 * user's resources. Opened by a camp page (with a camp and a phase), every file picked also
 * becomes a task of that phase.
 */
export function UploadPage({ kind, manager = uploadManager, camp = null }: UploadPageProps) {
  const classes = UPLOAD_KIND_CLASSES[kind];
  const queryClient = useQueryClient();
  // A saved upload is a new resource: the list reads itself again.
  useEffect(
    () => manager.onSaved(() => void queryClient.invalidateQueries({ queryKey: resourceKeys.all })),
    [manager, queryClient],
  );
  return (
    <Stack p="md" gap="lg">
      <Title order={4}>{TITLE[kind]}</Title>
      {camp && (
        <Text size="sm" c="blue" data-role="camp-target" data-camp-id={camp.campId} data-phase-id={camp.phaseId}>
          {campTargetText(camp)}
        </Text>
      )}
      <Dropzone
        onDropAny={(files, rejections) => manager.add([...files, ...rejections.map((r) => r.file)], classes, camp)}
        onDrop={() => {}}
        accept={acceptOf(classes)}
        multiple
        inputProps={{ 'aria-label': '选择文件' }}
        aria-label="上传区域"
      >
        <Group justify="center" gap="lg" mih={120} style={{ pointerEvents: 'none' }}>
          <Dropzone.Idle>
            <Text c="dimmed">
              <UploadIcon />
            </Text>
          </Dropzone.Idle>
          <Dropzone.Accept>
            <Text c="blue">
              <UploadIcon />
            </Text>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <Text c="red">
              <UploadIcon />
            </Text>
          </Dropzone.Reject>
          <div>
            <Text size="lg">将文件拖到此处，或点击选择文件</Text>
            <Text size="sm" c="dimmed" mt={6}>
              支持 {extensionsOf(classes).join('、')}；文件名最长 {Limits.UPLOAD_FILE_NAME_LIMIT} 个字符，同时最多上传{' '}
              {Limits.MAX_CONCURRENT_UPLOADS} 个文件
            </Text>
          </div>
        </Group>
      </Dropzone>
      <UploadLists manager={manager} classes={classes} />
      <ResourceTable />
    </Stack>
  );
}
