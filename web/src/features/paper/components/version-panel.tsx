import { Button, Center, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { Timing } from '@/generated/codes';
import type { PaperVersion } from '@/generated/PaperVersion';
import { formatDateTime } from '@/lib/format';
import { useCreatePaperVersion, usePaperVersions } from '../api/handout';
import { RestoreVersionModal } from './restore-version-modal';

export interface VersionPanelProps {
  paperId: number;
  opened: boolean;
  onClose: () => void;
  /** The caller may edit: 保存版本 and 恢复 are offered. */
  canEdit: boolean;
  /** The version on screen (0: the live document). */
  currentVer: number;
  /** 查看: open version n read-only. */
  onView: (versionNo: number) => void;
  /** After a restore (the live detail holds the server's answer). */
  onRestored: (versionNo: number) => void;
}

/** 版本: save the live document as a version, list the versions, view or restore one. */
export function VersionPanel({ paperId, opened, onClose, canEdit, currentVer, onView, onRestored }: VersionPanelProps) {
  const versionsQuery = usePaperVersions(paperId, opened);
  // A failed first read shows 暂无版本; a failed later one keeps the list shown.
  const versions: PaperVersion[] | null = versionsQuery.data ?? (versionsQuery.isError ? [] : null);
  const createVersion = useCreatePaperVersion(paperId);
  const [restoring, setRestoring] = useState<number | null>(null);

  // A failure: the API client has shown the server's message.
  const save = () =>
    createVersion.mutate(undefined, {
      onSuccess: (version) =>
        notifications.show({ color: 'green', message: `已保存版本 v${version.versionNo}`, autoClose: Timing.TOAST_MS }),
    });

  const columns: ListTableColumn<PaperVersion>[] = [
    {
      accessor: 'versionNo',
      title: '版本号',
      render: (v) => (
        <>
          v{v.versionNo}
          {v.versionNo === currentVer && (
            <Text span size="xs" c="blue" ml={6}>
              查看中
            </Text>
          )}
        </>
      ),
    },
    { accessor: 'createTime', title: '保存时间', render: (v) => formatDateTime(new Date(v.createTime)) },
    { accessor: 'createdBy', title: '保存人', render: (v) => v.createdBy || '-' },
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      render: (v) => (
        <Group gap={4} wrap="nowrap">
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={`查看 v${v.versionNo}`}
            onClick={() => onView(v.versionNo)}
          >
            查看
          </Button>
          {canEdit && (
            <Button
              variant="subtle"
              color="orange"
              size="compact-sm"
              aria-label={`恢复 v${v.versionNo}`}
              onClick={() => setRestoring(v.versionNo)}
            >
              恢复
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Drawer opened={opened} onClose={onClose} title="版本" position="right" size="lg">
      <Stack>
        {canEdit && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              保存当前内容为新版本，之后可随时查看或恢复。
            </Text>
            <Button onClick={save} loading={createVersion.isPending}>
              保存版本
            </Button>
          </Group>
        )}
        {versions === null ? (
          <Center mih={120}>
            <Loader aria-label="正在加载版本" />
          </Center>
        ) : versions.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            暂无版本
          </Text>
        ) : (
          <ListTable<PaperVersion>
            label="版本列表"
            storeKey="paper-versions"
            columns={columns}
            records={versions}
            idAccessor="versionId"
            rowAttributes={(v) => ({ 'aria-label': `v${v.versionNo}` })}
            noRecordsText="暂无版本"
            pinLastColumn
          />
        )}
      </Stack>
      <RestoreVersionModal
        paperId={paperId}
        versionNo={restoring}
        onClose={() => setRestoring(null)}
        onRestored={(versionNo) => {
          setRestoring(null);
          onRestored(versionNo);
        }}
      />
    </Drawer>
  );
}
