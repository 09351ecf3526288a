import {
  Button,
  Card,
  Center,
  CopyButton,
  Group,
  Image,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { CampInfo } from '@/generated/CampInfo';
import { formatDateTime } from '@/lib/format';
import { useCampQrCode, useDistributionPoints } from '../api/publish';
import { CAMP_DRAFT, CAMP_PAUSED, CAMP_SHUT, isLive } from '../camp-dict';

/** Why a camp has no join link now. */
function noLinkText(status: number): string {
  if (status === CAMP_DRAFT) return '发布后可在这里获取学员加入的二维码和链接。';
  if (status === CAMP_PAUSED) return '营地已暂停，恢复后可继续分发二维码。';
  if (status === CAMP_SHUT) return '营地已关闭，不能再分发二维码。';
  return '营地未开放，暂无二维码。';
}

/**
 * 发布与分享: the distribution points (the general code and my classes, each with the members who
 * joined through it) and, for the one chosen, the join link's QR code and the link to copy.
 */
export function PublishPanel({ info }: { info: CampInfo }) {
  const live = isLive(info.status);
  const points = useDistributionPoints(info.campId, live);
  const [chosen, setChosen] = useState<number | null>(null);
  const dpId = chosen ?? points.data?.[0]?.dpId ?? null;
  const qr = useCampQrCode(info.campId, dpId, live);
  return (
    <Card withBorder padding="md" component="section" aria-label="发布与分享">
      <Stack gap="sm">
        <Title order={5}>发布与分享</Title>
        {!live ? (
          <Text size="sm" c="dimmed">
            {noLinkText(info.status)}
          </Text>
        ) : (
          <>
            <Select
              label="分发点"
              description="学员通过哪个二维码加入，统计中就归入哪个班级"
              data={(points.data ?? []).map((p) => ({
                value: String(p.dpId),
                label: `${p.dpName}（已加入 ${p.memberCount} 人）`,
              }))}
              value={dpId === null ? null : String(dpId)}
              onChange={(v) => v !== null && setChosen(Number(v))}
              allowDeselect={false}
            />
            {qr.isPending ? (
              <Center p="md">
                <Loader size="sm" aria-label="正在生成二维码" />
              </Center>
            ) : qr.isError ? (
              <Text size="sm" c="red">
                二维码生成失败：{qr.error.message}
              </Text>
            ) : (
              <Stack gap="xs" align="center">
                <Image src={qr.data.qrcode} alt="加入二维码" w={180} h={180} fit="contain" />
                <Text size="xs" c="dimmed">
                  {qr.data.dpName} · 有效期至 {formatDateTime(new Date(qr.data.expireTime))}
                </Text>
                <Group gap="xs" w="100%" wrap="nowrap">
                  <TextInput
                    label="加入链接"
                    readOnly
                    value={qr.data.url}
                    onFocus={(e) => e.currentTarget.select()}
                    style={{ flex: 1 }}
                  />
                  <CopyButton value={qr.data.url}>
                    {({ copied, copy }) => (
                      <Button
                        mt={24}
                        variant={copied ? 'filled' : 'light'}
                        color={copied ? 'teal' : undefined}
                        onClick={copy}
                      >
                        {copied ? '已复制' : '复制链接'}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
