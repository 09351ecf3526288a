import { Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { OnlineReminderSettingSave } from '@/generated/OnlineReminderSettingSave';
import { useSession } from '@/lib/session';
import { showSuccess } from '@/lib/toast';
import { useReminderSettings, useSaveReminderSetting } from '../api/settings';
import { isReminderEditor } from '../reminder-rules';
import { SettingCard } from './setting-card';

/**
 * /qualityCheckManagement/onlineLessonSetup (线上课设置): the reminders the server sends the
 * teachers of online lessons — 开课提醒 before the start, 老师未进教室提醒 and 学员未到课提醒 after
 * it — each on or off with its minutes and a whitelist of staff it leaves alone. Managers read
 * them; administrators and operators change them.
 */
export function OnlineLessonSetup() {
  const query = useReminderSettings();
  const editable = useSession((s) => isReminderEditor(s.user));
  const settings = query.data;
  // Saved here, not in the card: a save draws its card anew, and the toast must outlive it.
  const save = useSaveReminderSetting();
  const saving = save.isPending ? save.variables.reminderType : null;
  const onSave = (body: OnlineReminderSettingSave) => {
    const name = settings?.find((s) => s.reminderType === body.reminderType)?.name ?? '提醒设置';
    save.mutate(body, { onSuccess: () => showSuccess(`${name}已保存`) });
  };

  return (
    <Stack p="md" gap="md">
      <Stack gap={4}>
        <Title order={4}>线上课设置</Title>
        <Text size="sm" c="dimmed">
          {editable ? '各类提醒分别保存；白名单中的员工不会收到该类提醒。' : '仅管理员和运营可修改提醒设置。'}
        </Text>
      </Stack>
      {settings ? (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {settings.map((s) => (
            // A save changes `updatedAt`: the card starts again from what was saved.
            <SettingCard
              key={`${s.reminderType}-${s.updatedAt}`}
              setting={s}
              editable={editable}
              saving={saving === s.reminderType}
              busy={saving !== null && saving !== s.reminderType}
              onSave={onSave}
            />
          ))}
        </SimpleGrid>
      ) : query.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label="加载中" />
        </Center>
      ) : (
        <Text c="dimmed">未能读取提醒设置，请稍后再试</Text>
      )}
    </Stack>
  );
}
