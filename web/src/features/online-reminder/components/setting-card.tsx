import { Anchor, Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OnlineReminderSetting } from '@/generated/OnlineReminderSetting';
import type { OnlineReminderSettingSave } from '@/generated/OnlineReminderSettingSave';
import { formatInstant } from '@/lib/report-format';
import { whitelistPath } from '../reminder-paths';
import { minutesError, REMINDER_MINUTES } from '../reminder-rules';

function LastChange({ setting }: { setting: OnlineReminderSetting }) {
  return (
    <Text size="xs" c="dimmed">
      {setting.updatedAt > 0
        ? `最后修改：${setting.updatedBy || '-'} ${formatInstant(setting.updatedAt)}`
        : '最后修改：尚未修改（默认设置）'}
    </Text>
  );
}

export interface SettingCardProps {
  setting: OnlineReminderSetting;
  /** The user changes settings (administrators, operators); others read them. */
  editable: boolean;
  /** This kind is being saved: 保存 waits. */
  saving: boolean;
  /** Another kind is being saved: one save at a time, so each is confirmed. */
  busy: boolean;
  onSave: (body: OnlineReminderSettingSave) => void;
}

/**
 * One reminder kind: what it does, on or off and its minutes, saved on their own (保存), who
 * changed it last, and its whitelist. The owner draws it again (a new key) when the server's
 * setting changes, so what is edited starts from what is saved.
 */
export function SettingCard({ setting, editable, saving, busy, onSave }: SettingCardProps) {
  const [enabled, setEnabled] = useState(setting.enabled);
  const [minutes, setMinutes] = useState<number | string>(setting.minutes);
  const error = editable ? minutesError(minutes) : null;
  const changed = enabled !== setting.enabled || minutes !== setting.minutes;
  const [least, most] = REMINDER_MINUTES;

  const submit = () => {
    if (error !== null || typeof minutes !== 'number') return;
    onSave({ reminderType: setting.reminderType, enabled, minutes });
  };

  return (
    <Card withBorder padding="md" component="section" aria-label={setting.name}>
      <Stack gap="sm">
        <Title order={5}>{setting.name}</Title>
        <Text size="sm" c="dimmed">
          {setting.description}
        </Text>
        <Switch
          label="启用"
          checked={enabled}
          disabled={!editable}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        <NumberInput
          label="分钟"
          description={`${least}–${most} 分钟`}
          min={least}
          max={most}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          readOnly={!editable}
          value={minutes}
          error={error}
          onChange={setMinutes}
          maw={200}
        />
        <LastChange setting={setting} />
        <Group justify="space-between">
          <Anchor component={Link} to={whitelistPath(setting.reminderType)} size="sm">
            白名单（{setting.whitelistCount} 人）
          </Anchor>
          {editable && (
            <Button onClick={submit} loading={saving} disabled={error !== null || !changed || busy}>
              保存
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
