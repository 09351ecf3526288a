import {
  Alert,
  Box,
  Button,
  ColorInput,
  FileInput,
  Group,
  Image,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { type SyntheticEvent, useEffect, useMemo, useState } from 'react';
import type { AdminBanner } from '@/generated/AdminBanner';
import { showSuccess } from '@/lib/toast';
import { bannerImageUrl, useSaveBanner } from '../../api/banners';
import { uploadFile } from '../../api/upload-file';
import { fromLocalInput, toLocalInput } from './banner-schedule';

const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'webp'];
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

type Errors = Partial<Record<'title' | 'color' | 'link' | 'image' | 'schedule', string>>;

function imageError(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!IMAGE_TYPES.includes(ext)) return '图片需为 PNG、JPEG 或 WebP';
  return file.size > IMAGE_MAX_BYTES ? '图片不能超过 2 MB' : null;
}

function linkError(link: string): string | null {
  if (!link) return null;
  const inApp = link.startsWith('/') && !link.startsWith('//');
  return (inApp || link.startsWith('https://')) && !/\s/.test(link)
    ? null
    : '跳转链接需为站内路径（/…）或 https:// 地址';
}

/** A local preview of a chosen file (none in environments without object URLs). */
function useFilePreview(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

interface BannerFormProps {
  banner: AdminBanner | null;
  nextSort: number;
  onDone: () => void;
}

function BannerForm({ banner, nextSort, onDone }: BannerFormProps) {
  const [title, setTitle] = useState(banner?.title ?? '');
  const [color, setColor] = useState(banner?.backgroundColor ?? '#1c7ed6');
  const [link, setLink] = useState(banner?.redirectUrl ?? '');
  const [imageFileId, setImageFileId] = useState(banner?.imageFileId ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [sort, setSort] = useState<number>(banner?.sort ?? nextSort);
  const [active, setActive] = useState(banner?.active ?? true);
  const [startsAt, setStartsAt] = useState(toLocalInput(banner?.startsAt));
  const [endsAt, setEndsAt] = useState(toLocalInput(banner?.endsAt));
  const [errors, setErrors] = useState<Errors>({});
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveBanner();
  const filePreview = useFilePreview(file);
  const shownImage = filePreview ?? (banner?.id !== undefined && imageFileId ? bannerImageUrl(banner.id) : null);

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    const trimmed = title.trim();
    const start = fromLocalInput(startsAt);
    const end = fromLocalInput(endsAt);
    const found: Errors = {
      ...(trimmed ? {} : { title: '请输入标题' }),
      ...(HEX_COLOR.test(color) ? {} : { color: '背景色需为 #rrggbb' }),
      ...(linkError(link.trim()) ? { link: linkError(link.trim()) ?? '' } : {}),
      ...(file && imageError(file) ? { image: imageError(file) ?? '' } : {}),
      ...(start !== undefined && end !== undefined && start >= end ? { schedule: '开始时间需早于结束时间' } : {}),
    };
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    let image = imageFileId;
    if (file) {
      setUploading(true);
      try {
        image = await uploadFile(file);
      } catch (err) {
        setFailure(err instanceof Error ? `图片上传失败：${err.message}` : '图片上传失败');
        return;
      } finally {
        setUploading(false);
      }
    }
    save.mutate(
      {
        ...(banner?.id !== undefined ? { id: banner.id } : {}),
        title: trimmed,
        backgroundColor: color.toLowerCase(),
        redirectUrl: link.trim(),
        imageFileId: image,
        sort,
        active,
        ...(start !== undefined ? { startsAt: start } : {}),
        ...(end !== undefined ? { endsAt: end } : {}),
      },
      {
        onSuccess: () => {
          showSuccess('横幅已保存');
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={(e) => void submit(e)}>
      <Stack gap="sm">
        <TextInput
          label="标题"
          withAsterisk
          maxLength={40}
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          data-autofocus
        />
        <ColorInput
          label="背景色"
          format="hex"
          value={color}
          error={errors.color}
          onChange={setColor}
          swatches={['#1c7ed6', '#0ca678', '#f76707', '#e03131', '#7048e8', '#212529']}
        />
        <TextInput
          label="跳转链接"
          placeholder="/main/home 或 https://…（留空不跳转）"
          value={link}
          error={errors.link}
          onChange={(e) => setLink(e.currentTarget.value)}
        />
        <Stack gap={4}>
          <FileInput
            label="图片"
            placeholder={imageFileId ? '已有图片；选择文件以替换' : '选择 PNG、JPEG 或 WebP（不超过 2 MB）'}
            accept="image/png,image/jpeg,image/webp"
            value={file}
            onChange={setFile}
            error={errors.image}
            clearable
          />
          <Box
            h={90}
            style={{ borderRadius: 8, overflow: 'hidden', backgroundColor: HEX_COLOR.test(color) ? color : undefined }}
          >
            {shownImage ? (
              <Image src={shownImage} alt="横幅预览" h={90} fit="contain" />
            ) : (
              <Text c="white" fw={600} p="md">
                {title || '未上传图片时，按标题和背景色生成'}
              </Text>
            )}
          </Box>
          {imageFileId && !file && (
            <Button size="compact-xs" variant="subtle" color="red" w="fit-content" onClick={() => setImageFileId('')}>
              移除图片
            </Button>
          )}
        </Stack>
        <Group grow align="flex-start">
          <NumberInput
            label="排序"
            min={0}
            max={9999}
            allowDecimal={false}
            allowNegative={false}
            value={sort}
            onChange={(v) => setSort(typeof v === 'number' ? v : Number(v) || 0)}
          />
          <Switch label="启用" mt={28} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            type="datetime-local"
            label="开始时间"
            description="留空则立即展示"
            value={startsAt}
            onChange={(e) => setStartsAt(e.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label="结束时间"
            description="留空则一直展示"
            value={endsAt}
            error={errors.schedule}
            onChange={(e) => setEndsAt(e.currentTarget.value)}
          />
        </Group>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            取消
          </Button>
          <Button type="submit" loading={uploading || save.isPending}>
            保存
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface BannerModalProps {
  /** A banner to edit, 'new' for a new one, or null: closed. */
  editing: AdminBanner | 'new' | null;
  /** The order a new banner starts with (after the others). */
  nextSort: number;
  onClose: () => void;
}

/** 新增横幅 / 编辑横幅: title, colour, link, picture, order, schedule and whether it is shown. */
export function BannerModal({ editing, nextSort, onClose }: BannerModalProps) {
  const banner = editing === 'new' ? null : editing;
  return (
    <Modal opened={editing !== null} onClose={onClose} title={banner ? '编辑横幅' : '新增横幅'} size="lg" centered>
      {editing !== null && (
        <BannerForm key={banner?.id ?? 'new'} banner={banner} nextSort={nextSort} onDone={onClose} />
      )}
    </Modal>
  );
}
