import { Alert, Box, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import type { HeatMapRow } from '@/generated/HeatMapRow';
import type { KnowledgeColumn } from '@/generated/KnowledgeColumn';
import { formatText, formatUsageRate } from '@/lib/report-format';
import { useHeatMap } from '../api/exam-analysis';
import { HEAT_LEGEND, heatColor } from '../heat-map';

/** A student's rate on the point at `index` of the map's points. */
function rateCell(index: number): (row: HeatMapRow) => ReactNode {
  return (row) => {
    const rate = row.rates[index];
    if (rate === undefined) return formatText(null);
    const color = heatColor(rate);
    return (
      <Box bg={color ?? undefined} px={6} py={2} style={{ borderRadius: 4 }} ta="center">
        <Text size="sm">{formatUsageRate(rate)}</Text>
      </Box>
    );
  };
}

function columnsOf(points: readonly KnowledgeColumn[]): ListTableColumn<HeatMapRow>[] {
  return [
    { accessor: 'studentName', title: '学生', width: 110, render: (r) => formatText(r.studentName) },
    ...points.map<ListTableColumn<HeatMapRow>>((p, i) => ({
      accessor: `point${p.nodeId}`,
      title: p.name,
      width: 110,
      render: rateCell(i),
    })),
  ];
}

/**
 * 知识点热力图: each student of the task (rows) against each knowledge point of its paper
 * (columns), the cell the student's score rate on the point's questions, coloured by score band;
 * '/' where nothing of theirs on it is marked.
 */
export function KnowledgeHeatMap({ taskId }: { taskId: number }) {
  const map = useHeatMap(taskId);
  return (
    <Stack gap="xs" component="section" aria-label="知识点热力图">
      <Group justify="space-between">
        <Title order={5}>知识点热力图</Title>
        <Group gap="xs" aria-label="图例" role="list">
          {HEAT_LEGEND.map((b) => (
            <Group key={b.label} gap={4} role="listitem">
              <Box w={12} h={12} bg={b.color} style={{ borderRadius: 2 }} />
              <Text size="xs" c="dimmed">
                {b.label}
              </Text>
            </Group>
          ))}
        </Group>
      </Group>
      {map.isError ? (
        <Alert color="orange" variant="light">
          {map.error.message}
        </Alert>
      ) : (
        <ListTable<HeatMapRow>
          label="知识点热力图"
          storeKey="exam-analysis-heat-map"
          columns={columnsOf(map.data?.points ?? [])}
          columnsVary
          records={map.data?.students ?? []}
          idAccessor="studentId"
          rowAttributes={(r) => ({ 'aria-label': r.studentName })}
          noRecordsText={map.isPending ? '加载中…' : '暂无学生'}
          fetching={map.isFetching}
          pinFirstColumn
        />
      )}
    </Stack>
  );
}
