import { Anchor, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { RESOURCE_PAGE_SIZE } from '@/config/constants';
import { formatDateTime, formatFileSize } from '@/lib/format';
import type { ResourceItem } from '@/lib/wire-types';
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

/** 我的资源: the user's resources, newest first, with paging and a download action. */
export function ResourceTable() {
  const [page, setPage] = useState(1);
  const query = useResources(page, RESOURCE_PAGE_SIZE);
  const list = query.data ?? { records: [], total: 0 };
  const pages = Math.max(1, Math.ceil(list.total / RESOURCE_PAGE_SIZE));
  // The page shown has emptied: go back to the last page.
  if (query.data && !query.isPlaceholderData && page > pages) setPage(pages);
  const loading = query.isPending;

  return (
    <Stack gap="xs">
      <Title order={5}>我的资源</Title>
      <Table striped highlightOnHover aria-label="我的资源">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>名称</Table.Th>
            <Table.Th>类型</Table.Th>
            <Table.Th>大小</Table.Th>
            <Table.Th>上传时间</Table.Th>
            <Table.Th>操作</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.records.map((r) => {
            const name = resourceFileName(r);
            return (
              <Table.Tr key={r.id} aria-label={name} data-resource-id={r.id}>
                <Table.Td>
                  <Text size="sm">{name}</Text>
                </Table.Td>
                <Table.Td>{classLabel(r.class)}</Table.Td>
                <Table.Td>{formatFileSize(r.size)}</Table.Td>
                <Table.Td>{r.createTime ? formatDateTime(new Date(r.createTime)) : '-'}</Table.Td>
                <Table.Td>
                  <Anchor
                    component="button"
                    size="sm"
                    onClick={() => void downloadResource(r)}
                    aria-label={`下载 ${name}`}
                  >
                    下载
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {!loading && list.records.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          暂无资源
        </Text>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
      <Text size="xs" c="dimmed">
        共 {list.total} 条
      </Text>
    </Stack>
  );
}
