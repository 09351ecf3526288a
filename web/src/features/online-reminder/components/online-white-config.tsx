import { Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { OnlineWhitelistRow } from '@/generated/OnlineWhitelistRow';
import { formatInstant, formatText } from '@/lib/report-format';
import { useSession } from '@/lib/session';
import { showSuccess } from '@/lib/toast';
import { useReminderSettings } from '../api/settings';
import { useRemoveFromWhitelist, useWhitelist } from '../api/whitelist';
import { reminderSettingsPath } from '../reminder-paths';
import { isReminderEditor } from '../reminder-rules';
import { WhitelistAdd } from './whitelist-add';

export const WHITELIST_TABLE = '白名单';

const COLUMNS: ListTableColumn<OnlineWhitelistRow>[] = [
  { accessor: 'name', title: '姓名', width: 140, render: (r) => formatText(r.name) },
  { accessor: 'email', title: '邮箱', width: 240, render: (r) => formatText(r.email) },
  { accessor: 'addedBy', title: '添加人', width: 140, render: (r) => formatText(r.addedBy) },
  { accessor: 'addedAt', title: '添加时间', width: 170, render: (r) => formatInstant(r.addedAt) },
];

const rowLabel = (r: OnlineWhitelistRow) => `${r.name} ${r.email}`;

function Invalid({ text }: { text: string }) {
  return (
    <Center p="xl">
      <Stack align="center" gap="xs">
        <Text c="dimmed">{text}</Text>
        <Anchor component={Link} to={reminderSettingsPath()} size="sm">
          返回线上课设置
        </Anchor>
      </Stack>
    </Center>
  );
}

function Whitelist({ reminderType, editable }: { reminderType: number; editable: boolean }) {
  const list = useWhitelist(reminderType);
  const remove = useRemoveFromWhitelist();
  const [selected, setSelected] = useState<OnlineWhitelistRow[]>([]);
  const [confirming, setConfirming] = useState(false);
  const rows = list.data ?? [];
  // Only rows still listed stay picked (another editor may have removed some).
  const picked = selected.filter((s) => rows.some((r) => r.userId === s.userId));

  const confirmRemove = () => {
    remove.mutate(
      { reminderType, userIds: picked.map((r) => r.userId) },
      {
        onSuccess: (removed) => {
          showSuccess(`已移除 ${removed} 人`);
          setSelected([]);
          setConfirming(false);
        },
      },
    );
  };

  return (
    <>
      <ListTable<OnlineWhitelistRow>
        label={WHITELIST_TABLE}
        storeKey="online-reminder-whitelist"
        columns={COLUMNS}
        records={rows}
        idAccessor="userId"
        rowAttributes={(r) => ({ 'aria-label': rowLabel(r) })}
        noRecordsText={list.isPending ? '加载中…' : '白名单为空'}
        fetching={list.isFetching}
        selection={editable ? { selected: picked, onChange: setSelected, label: rowLabel } : undefined}
        toolbar={
          editable
            ? () => (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  disabled={picked.length === 0}
                  onClick={() => setConfirming(true)}
                >
                  移除{picked.length > 0 ? `（${picked.length}）` : ''}
                </Button>
              )
            : undefined
        }
      />
      <ConfirmModal
        opened={confirming}
        title="移出白名单"
        message={`确定将所选的 ${picked.length} 人移出白名单吗？移出后他们将收到该类提醒。`}
        confirmLabel="移除"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

export interface OnlineWhiteConfigProps {
  /** The kind the link names; null when it names none. */
  reminderType: number | null;
}

/**
 * /qualityCheckManagement/onlineWhiteConfigPage/{reminderType} (白名单配置): the staff a reminder
 * kind leaves alone. Administrators and operators add them by e-mail and remove them; managers
 * read the list. A link naming no kind says so.
 */
export function OnlineWhiteConfig({ reminderType }: OnlineWhiteConfigProps) {
  const settings = useReminderSettings();
  const editable = useSession((s) => isReminderEditor(s.user));
  if (reminderType === null) return <Invalid text="链接中的提醒类型无效。" />;
  const setting = settings.data?.find((s) => s.reminderType === reminderType);
  if (settings.data && !setting) return <Invalid text={`没有这种提醒类型（${reminderType}）。`} />;

  return (
    <Stack p="md" gap="md">
      <Stack gap={4}>
        <Group gap="sm" align="baseline">
          <Title order={4}>{setting ? `白名单配置：${setting.name}` : '白名单配置'}</Title>
          <Anchor component={Link} to={reminderSettingsPath()} size="sm">
            返回线上课设置
          </Anchor>
        </Group>
        {setting && (
          <Text size="sm" c="dimmed">
            名单中的员工不会收到「{setting.name}」，共 {setting.whitelistCount} 人。
          </Text>
        )}
      </Stack>
      {/* The kind is read first: a kind the settings do not have is never asked for. */}
      {setting ? (
        <>
          {editable && <WhitelistAdd reminderType={reminderType} />}
          <Whitelist reminderType={reminderType} editable={editable} />
        </>
      ) : settings.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label="加载中" />
        </Center>
      ) : (
        <Text c="dimmed">未能读取提醒设置，请稍后再试</Text>
      )}
    </Stack>
  );
}
