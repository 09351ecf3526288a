import { Badge, Button, CloseButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { WhitelistedFunction } from '@/generated/WhitelistedFunction';
import { showSuccess } from '@/lib/toast';
import { useAdminWhitelist, useChangeWhitelistFunction, useChangeWhitelistGrant } from '../../api/whitelist';
import { isEmail } from '../../admin-dict';

const FUNCTION_CODE = /^[A-Za-z0-9_]{1,64}$/;

function GrantForm({ code }: { code: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grant = useChangeWhitelistGrant();
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const address = email.trim().toLowerCase();
    setError(isEmail(address) ? null : '请输入正确的邮箱');
    if (!isEmail(address)) return;
    grant.mutate(
      { code, email: address, granted: true },
      {
        onSuccess: () => {
          showSuccess(`已授予 ${address}`);
          setEmail('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Group gap="xs" align="flex-start">
        <TextInput
          size="xs"
          w={240}
          placeholder="name@example.com"
          aria-label={`授予 ${code} 的邮箱`}
          value={email}
          error={error}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button size="xs" type="submit" variant="light" loading={grant.isPending}>
          授予
        </Button>
      </Group>
    </form>
  );
}

function FunctionCard({ fn, onRemove }: { fn: WhitelistedFunction; onRemove: () => void }) {
  const revoke = useChangeWhitelistGrant();
  return (
    <Paper withBorder p="sm" role="group" aria-label={fn.code}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={6}>{fn.code}</Title>
            <Text size="xs" c="dimmed">
              {fn.emails.length} 个邮箱
            </Text>
          </Group>
          <Button size="compact-xs" variant="subtle" color="red" aria-label={`移出 ${fn.code}`} onClick={onRemove}>
            取消白名单管理
          </Button>
        </Group>
        {fn.emails.length === 0 ? (
          <Text size="xs" c="dimmed">
            暂无授权邮箱：此功能对所有人关闭
          </Text>
        ) : (
          <Group gap={6}>
            {fn.emails.map((email) => (
              <Badge
                key={email}
                variant="light"
                tt="none"
                size="lg"
                pr={4}
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={`收回 ${email}`}
                    onClick={() =>
                      revoke.mutate(
                        { code: fn.code, email, granted: false },
                        { onSuccess: () => showSuccess(`已收回 ${email}`) },
                      )
                    }
                  />
                }
              >
                {email}
              </Badge>
            ))}
          </Group>
        )}
        <GrantForm code={fn.code} />
      </Stack>
    </Paper>
  );
}

/**
 * The functions under whitelist control, each open only to the e-mails granted it: a function is
 * put under control or freed (its grants go with it), an e-mail granted or taken back.
 */
export function WhitelistPanel() {
  const functions = useAdminWhitelist().data?.functions ?? [];
  const change = useChangeWhitelistFunction();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WhitelistedFunction | null>(null);

  const add = (e: SyntheticEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    const ok = FUNCTION_CODE.test(trimmed);
    setError(ok ? null : '功能编码只能由字母、数字和下划线组成（不超过 64 位）');
    if (!ok) return;
    change.mutate(
      { code: trimmed, listed: true },
      {
        onSuccess: () => {
          showSuccess(`${trimmed} 已纳入白名单管理`);
          setCode('');
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <form onSubmit={add}>
        <Group gap="xs" align="flex-start">
          <TextInput
            size="xs"
            w={240}
            placeholder="功能编码，如 teacher_group"
            aria-label="功能编码"
            value={code}
            error={error}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <Button size="xs" type="submit" loading={change.isPending && !removing}>
            添加白名单功能
          </Button>
        </Group>
      </form>
      {functions.length === 0 && (
        <Text size="sm" c="dimmed">
          暂无白名单功能
        </Text>
      )}
      {functions.map((fn) => (
        <FunctionCard key={fn.code} fn={fn} onRemove={() => setRemoving(fn)} />
      ))}
      <ConfirmModal
        opened={removing !== null}
        title="取消白名单管理"
        message={
          removing ? `确定取消「${removing.code}」的白名单管理吗？该功能将对所有人开放，已授权的邮箱一并清除。` : ''
        }
        confirmLabel="确定"
        busy={change.isPending}
        onConfirm={() =>
          removing &&
          change.mutate(
            { code: removing.code, listed: false },
            {
              onSuccess: () => {
                showSuccess(`${removing.code} 已取消白名单管理`);
                setRemoving(null);
              },
            },
          )
        }
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
