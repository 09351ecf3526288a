import { Alert, Button, Center, Drawer, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import type { PaperSummary } from '@/generated/PaperSummary';
import type { PaperTreeNode } from '@/generated/PaperTreeNode';
import { formatInstant } from '@/lib/report-format';
import { PAPER_LOG_PAGE_SIZE, usePaperLog, usePaperLogs, usePaperTree } from '../api/collection';
import { PAPER_LOG_ACTIONS } from '../audit-dict';

export interface PaperLogDrawerProps {
  /** null: closed. */
  paper: PaperSummary | null;
  onClose: () => void;
}

/** 记录: a paper's outline (its sections and their headings, paper/tree) and its changes, newest first. */
export function PaperLogDrawer({ paper, onClose }: PaperLogDrawerProps) {
  return (
    <Drawer
      opened={paper !== null}
      onClose={onClose}
      title={paper ? `记录 · ${paper.paperTitle}` : ''}
      position="right"
      size="lg"
    >
      {paper && <PaperRecords key={paper.paperId} paperId={paper.paperId} />}
    </Drawer>
  );
}

function PaperRecords({ paperId }: { paperId: number }) {
  const tree = usePaperTree(paperId, true);
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={6}>讲义结构</Title>
        {tree.isPending ? (
          <Center p="sm">
            <Loader size="sm" aria-label="正在加载讲义结构" />
          </Center>
        ) : tree.isError ? (
          <Alert color="orange" title="讲义结构加载失败">
            {tree.error.message}
          </Alert>
        ) : (
          <OutlineList nodes={tree.data} label="讲义结构" />
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={6}>修改记录</Title>
        <Logs paperId={paperId} />
      </Stack>
    </Stack>
  );
}

function OutlineList({ nodes, label }: { nodes: readonly PaperTreeNode[]; label: string }) {
  return (
    <List size="sm" aria-label={label} withPadding={label !== '讲义结构'}>
      {nodes.map((n) => (
        <List.Item key={n.key}>
          <Text span size="sm" fw={n.level === 1 ? 600 : undefined}>
            {n.title}
          </Text>
          {n.children.length > 0 && <OutlineList nodes={n.children} label={n.title} />}
        </List.Item>
      ))}
    </List>
  );
}

function Logs({ paperId }: { paperId: number }) {
  const [pageNo, setPageNo] = useState(1);
  const [logId, setLogId] = useState<number | null>(null);
  const logs = usePaperLogs(paperId, pageNo, true);
  if (logs.isPending)
    return (
      <Center p="sm">
        <Loader size="sm" aria-label="正在加载修改记录" />
      </Center>
    );
  if (logs.isError)
    return (
      <Alert color="orange" title="修改记录加载失败">
        {logs.error.message}
      </Alert>
    );
  return (
    <Stack gap="xs">
      {logs.data.records.length === 0 ? (
        <Text c="dimmed" size="sm">
          暂无修改记录
        </Text>
      ) : (
        <Table aria-label="修改记录" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>时间</Table.Th>
              <Table.Th>操作人</Table.Th>
              <Table.Th>操作</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {logs.data.records.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{formatInstant(l.time)}</Table.Td>
                <Table.Td>{l.userName}</Table.Td>
                <Table.Td>{PAPER_LOG_ACTIONS[l.action] ?? l.action}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" onClick={() => setLogId(l.id)}>
                    详情
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ListFooter
        page={pageNo}
        pages={Math.max(1, Math.ceil(logs.data.total / PAPER_LOG_PAGE_SIZE))}
        total={logs.data.total}
        onPageChange={setPageNo}
      />
      {logId !== null && <LogDetail logId={logId} onClose={() => setLogId(null)} />}
    </Stack>
  );
}

/** One change as the server tells it (log/docPaperOperateLogInfo). */
function LogDetail({ logId, onClose }: { logId: number; onClose: () => void }) {
  const log = usePaperLog(logId);
  return (
    <Alert
      color="blue"
      variant="light"
      title="记录详情"
      withCloseButton
      onClose={onClose}
      role="region"
      aria-label="记录详情"
    >
      {log.isPending ? (
        <Loader size="xs" aria-label="正在加载记录详情" />
      ) : log.isError ? (
        log.error.message
      ) : (
        <Stack gap={2}>
          <Text size="sm">
            {formatInstant(log.data.time)} {log.data.userName} {PAPER_LOG_ACTIONS[log.data.action] ?? log.data.action}
          </Text>
          <Text size="sm">{log.data.detail || '-'}</Text>
        </Stack>
      )}
    </Alert>
  );
}
