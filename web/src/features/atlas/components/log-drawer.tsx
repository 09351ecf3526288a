import { Alert, Center, Drawer, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { formatInstant } from '@/lib/report-format';
import { LOG_PAGE_SIZE, useLogs } from '../api/logs';
import { LOG_ACTIONS } from '../atlas-dict';

export interface LogDrawerProps {
  opened: boolean;
  onClose: () => void;
  treeId: number;
  treeName: string;
}

/** 修改记录: the tree's changes, newest first, who made them and what they did. */
export function LogDrawer({ opened, onClose, treeId, treeName }: LogDrawerProps) {
  const [pageNo, setPageNo] = useState(1);
  const logs = useLogs(treeId, null, pageNo, opened);
  return (
    <Drawer opened={opened} onClose={onClose} title={`修改记录 · ${treeName}`} position="right" size="lg">
      {logs.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label="正在加载修改记录" />
        </Center>
      ) : logs.isError ? (
        <Alert color="orange" title="修改记录加载失败">
          {logs.error.message}
        </Alert>
      ) : (
        <Stack gap="xs">
          {logs.data.records.length === 0 ? (
            <Text c="dimmed">暂无修改记录</Text>
          ) : (
            <Table aria-label="修改记录" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>时间</Table.Th>
                  <Table.Th>操作人</Table.Th>
                  <Table.Th>操作</Table.Th>
                  <Table.Th>内容</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {logs.data.records.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{formatInstant(l.time)}</Table.Td>
                    <Table.Td>{l.userName}</Table.Td>
                    <Table.Td>{LOG_ACTIONS[l.action] ?? l.action}</Table.Td>
                    <Table.Td>{l.detail}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <ListFooter
            page={pageNo}
            pages={Math.max(1, Math.ceil(logs.data.total / LOG_PAGE_SIZE))}
            total={logs.data.total}
            onPageChange={setPageNo}
          />
        </Stack>
      )}
    </Drawer>
  );
}
