import { Select } from '@mantine/core';
import { Limits } from '@/generated/codes';
import { useResources } from '../api/get-resources';
import { UPLOAD_CLASS_LABEL, UPLOAD_KIND_CLASSES } from '../upload-rules';

export interface OwnMediaSelectProps {
  label: string;
  /** The chosen resource's id as text; null: none. */
  value: string | null;
  onChange: (value: string | null) => void;
}

const MEDIA: readonly string[] = UPLOAD_KIND_CLASSES.media;

/**
 * A pick of one of the user's own video and audio resources (上传音视频), newest first, by name.
 * `resource/list` has no filter by class: the largest page is read and the media kept; a user's
 * resources beyond it are not offered.
 */
export function OwnMediaSelect({ label, value, onChange }: OwnMediaSelectProps) {
  const query = useResources(1, Limits.MAX_PAGE_SIZE);
  const data = (query.data?.records ?? [])
    .filter((r) => MEDIA.includes(r.class))
    .map((r) => ({
      value: String(r.id),
      label: `${r.name}（${UPLOAD_CLASS_LABEL[r.class === 'audio' ? 'audio' : 'video']}）`,
    }));
  return (
    <Select
      label={label}
      placeholder={
        query.isPending ? '加载中…' : data.length === 0 ? '暂无音视频，请先在上传音视频中上传' : '搜索或选择'
      }
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage="没有匹配的音视频"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
