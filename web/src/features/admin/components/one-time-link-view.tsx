import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { OneTimeLink } from '@/generated/OneTimeLink';
import { formatDateTime } from '@/lib/format';
import { fullLink } from '../one-time-link';

export interface OneTimeLinkViewProps {
  link: OneTimeLink;
  /** What the link is, e.g. 邀请链接. */
  label: string;
}

/** A one-time link with its copy button and expiry: it is shown only this once. */
export function OneTimeLinkView({ link, label }: OneTimeLinkViewProps) {
  const url = fullLink(link.path);
  return (
    <Stack gap="xs">
      <Alert color="yellow" variant="light">
        {label}只显示这一次，请复制后发给对方；关闭后无法再次查看。
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput label={label} value={url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button color={copied ? 'teal' : 'blue'} onClick={copy}>
              {copied ? '已复制' : '复制链接'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        有效期至 {formatDateTime(new Date(link.expiresAt))}
      </Text>
    </Stack>
  );
}
