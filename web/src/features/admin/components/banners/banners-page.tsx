import { Badge, Box, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { AdminBanner } from '@/generated/AdminBanner';
import { formatDateTime } from '@/lib/format';
import { showSuccess } from '@/lib/toast';
import { bannerImageUrl, useAdminBanners, useDeleteBanner, useSetBannerRotation } from '../../api/banners';
import { BannerModal } from './banner-modal';

export const BANNER_TABLE = '首页横幅';
const ROTATION_MIN_S = 2;
const ROTATION_MAX_S = 60;

/** The schedule of a banner as text. */
function scheduleText(b: AdminBanner): string {
  if (b.startsAt === undefined && b.endsAt === undefined) return '长期';
  const time = (ms: number | undefined) => (ms === undefined ? '不限' : formatDateTime(new Date(ms)));
  return `${time(b.startsAt)} 至 ${time(b.endsAt)}`;
}

/** Whether a banner is shown now: active and within its schedule. */
function shownNow(b: AdminBanner, now: number): boolean {
  return b.active && (b.startsAt === undefined || b.startsAt <= now) && (b.endsAt === undefined || now < b.endsAt);
}

function bannerColumns(
  now: number,
  edit: (b: AdminBanner) => void,
  remove: (b: AdminBanner) => void,
): ListTableColumn<AdminBanner>[] {
  return [
    {
      accessor: 'image',
      title: '预览',
      width: 200,
      render: (b) =>
        b.id === undefined ? null : (
          <Box w={180} h={48} style={{ backgroundColor: b.backgroundColor, borderRadius: 6, overflow: 'hidden' }}>
            <img
              src={bannerImageUrl(b.id)}
              alt={`${b.title} 预览`}
              style={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          </Box>
        ),
    },
    { accessor: 'title', title: '标题', width: 160 },
    { accessor: 'redirectUrl', title: '跳转链接', width: 180, render: (b) => b.redirectUrl || '-' },
    { accessor: 'sort', title: '排序', width: 70 },
    { accessor: 'schedule', title: '展示时间', width: 240, render: scheduleText },
    {
      accessor: 'active',
      title: '状态',
      width: 90,
      render: (b) =>
        !b.active ? (
          <Badge variant="light" color="gray">
            已停用
          </Badge>
        ) : shownNow(b, now) ? (
          <Badge variant="light" color="green">
            展示中
          </Badge>
        ) : (
          <Badge variant="light" color="yellow">
            未在时段内
          </Badge>
        ),
    },
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      width: 110,
      render: (b) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" aria-label={`编辑 ${b.title}`} onClick={() => edit(b)}>
            编辑
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={`删除 ${b.title}`}
            onClick={() => remove(b)}
          >
            删除
          </Button>
        </Group>
      ),
    },
  ];
}

function RotationForm({ rotationMs }: { rotationMs: number }) {
  const [seconds, setSeconds] = useState<number>(rotationMs / 1000);
  const rotation = useSetBannerRotation();
  const valid = seconds >= ROTATION_MIN_S && seconds <= ROTATION_MAX_S;
  return (
    <Paper withBorder p="sm">
      <Group gap="sm" align="flex-end">
        <NumberInput
          size="xs"
          w={160}
          label="轮播间隔（秒）"
          min={ROTATION_MIN_S}
          max={ROTATION_MAX_S}
          step={0.5}
          decimalScale={1}
          value={seconds}
          error={valid ? null : `需在 ${ROTATION_MIN_S} 到 ${ROTATION_MAX_S} 秒之间`}
          onChange={(v) => setSeconds(typeof v === 'number' ? v : Number(v) || 0)}
        />
        <Button
          size="xs"
          disabled={!valid || Math.round(seconds * 1000) === rotationMs}
          loading={rotation.isPending}
          onClick={() =>
            rotation.mutate(Math.round(seconds * 1000), { onSuccess: () => showSuccess('轮播间隔已保存') })
          }
        >
          保存
        </Button>
        <Text size="xs" c="dimmed" pb={6}>
          两张及以上横幅时自动轮播
        </Text>
      </Group>
    </Paper>
  );
}

/**
 * /administration/banners (首页轮播): every home banner with its picture, link, order and
 * schedule; a banner is created, edited or deleted, and the carousel's rotation time set. Open
 * home pages show the change at once.
 */
export function BannersPage() {
  const query = useAdminBanners();
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminBanner | null>(null);
  const remove = useDeleteBanner();
  const banners = [...(query.data?.banners ?? [])].sort((a, b) => a.sort - b.sort);
  const nextSort = banners.reduce((max, b) => Math.max(max, b.sort), 0) + 1;
  const [now] = useState(() => Date.now());

  return (
    <Stack p="md" gap="md">
      <Title order={4}>首页轮播</Title>
      {query.data && <RotationForm key={query.data.rotationMs} rotationMs={query.data.rotationMs} />}
      <ListTable<AdminBanner>
        label={BANNER_TABLE}
        storeKey="admin-banners"
        columns={bannerColumns(now, setEditing, setDeleting)}
        records={banners}
        idAccessor={(b) => b.id ?? b.title}
        rowAttributes={(b) => ({ 'aria-label': b.title })}
        noRecordsText="暂无横幅"
        fetching={query.isFetching}
        pinLastColumn
        toolbar={() => (
          <Button size="xs" onClick={() => setEditing('new')}>
            新增横幅
          </Button>
        )}
      />
      <BannerModal editing={editing} nextSort={nextSort} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="删除横幅"
        message={deleting ? `确定删除横幅「${deleting.title}」吗？删除后不可恢复。` : ''}
        confirmLabel="删除"
        busy={remove.isPending}
        onConfirm={() =>
          deleting?.id !== undefined &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showSuccess('横幅已删除');
              setDeleting(null);
            },
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
