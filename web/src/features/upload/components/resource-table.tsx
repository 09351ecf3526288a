import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { Limits } from '@/generated/codes';
import type { ResourceItem } from '@/generated/ResourceItem';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { useResources } from '../api/get-resources';
import { getDownloadUrl } from '../api/uploads';
import { isUploadClass, UPLOAD_CLASS_LABEL } from '../upload-rules';

const classLabel = (cls: string) => (isUploadClass(cls) ? UPLOAD_CLASS_LABEL[cls] : cls);

/** The name with its extension, as the file is saved. */
function resourceFileName(r: Pick<ResourceItem, 'name' | 'ext'>): string {
  if (!r.ext || r.name.toLowerCase().endsWith(`.${r.ext.toLowerCase()}`)) return r.name;
  return `${r.name}.${r.ext}`;
}

/** Fetches a signed URL and lets the browser download it (the server answers as an attachment). */
async function downloadResource(r: ResourceItem): Promise<boolean> {
  try {
    const { url } = await getDownloadUrl(r.id);
    const a = document.createElement('a');
    a.href = url;
    a.download = resourceFileName(r);
    a.rel = 'noopener';
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
    return true;
  } catch {
    // the API client has shown the server's message
    return false;
  }
}

const COLUMNS: ListTableColumn<ResourceItem>[] = [
  { accessor: 'name', title: '名称', width: 280, render: (r) => <Text size="sm">{resourceFileName(r)}</Text> },
  { accessor: 'class', title: '类型', render: (r) => classLabel(r.class) },
  { accessor: 'size', title: '大小', render: (r) => formatFileSize(r.size) },
  {
    accessor: 'createTime',
    title: '上传时间',
    render: (r) => (r.createTime ? formatDateTime(new Date(r.createTime)) : '-'),
  },
  {
    accessor: 'actions',
    title: '操作',
    toggleable: false,
    resizable: false,
    render: (r) => (
      <Anchor
        component="button"
        size="sm"
        onClick={() => void downloadResource(r)}
        aria-label={`下载 ${resourceFileName(r)}`}
      >
        下载
      </Anchor>
    ),
  },
];

/** 我的资源: the user's resources, newest first, with paging and a download action. */
export function ResourceTable() {
  const [page, setPage] = useState(1);
  const query = useResources(page, Limits.DEFAULT_PAGE_SIZE);
  const list = query.data ?? { records: [], total: 0 };
  const pages = Math.max(1, Math.ceil(list.total / Limits.DEFAULT_PAGE_SIZE));
  // The page shown has emptied: go back to the last page.
  if (query.data && !query.isPlaceholderData && page > pages) setPage(pages);
  const loading = query.isPending;

  return (
    <Stack gap="xs">
      <Title order={5}>我的资源</Title>
      <ListTable<ResourceItem>
        label="我的资源"
        storeKey="resources"
        columns={COLUMNS}
        records={list.records}
        idAccessor="id"
        rowAttributes={(r) => ({ 'aria-label': resourceFileName(r), 'data-resource-id': r.id })}
        noRecordsText="暂无资源"
        fetching={loading}
        pinFirstColumn
        pinLastColumn
      />
      <ListFooter page={page} pages={pages} total={list.total} onPageChange={setPage} />
    </Stack>
  );
}
