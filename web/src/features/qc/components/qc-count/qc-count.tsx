import { Group, SegmentedControl, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { type QcFilterField, shownFilters } from '../../qc-search';
import { useQcFilters } from '../../qc-search-store';
import { STAT_SIDES, STAT_VIEWS, type StatSide, statTableLabel, type StatView } from '../../stat-columns';
import { QcFilterBar } from '../qc-filter-bar';
import { StatTable } from './stat-table';

const FILTERS: readonly QcFilterField[] = ['school', 'group', 'service', 'teacher', 'student'];

const isView = (v: string | null): v is StatView => STAT_VIEWS.some((s) => s.value === v);

/**
 * /qualityCheckManagement/qcCount (质检统计, 02 §2, §3.2): coverage and quality of the services
 * by teacher (class or one-on-one side), class, student and service type. Only the open view reads.
 */
export function QcCount() {
  const filters = shownFilters(useQcFilters(), FILTERS);
  const [view, setView] = useState<StatView>('teacher');
  const [side, setSide] = useState<StatSide>('class');
  return (
    <Stack p="md" gap="md">
      <Title order={4}>质检统计</Title>
      <QcFilterBar fields={FILTERS} />
      <Tabs value={view} onChange={(v) => setView(isView(v) ? v : 'teacher')} keepMounted={false}>
        <Group justify="space-between" align="flex-end">
          <Tabs.List>
            {STAT_VIEWS.map((v) => (
              <Tabs.Tab key={v.value} value={v.value}>
                {v.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {view === 'teacher' && (
            <SegmentedControl
              size="xs"
              aria-label="课程类型"
              data={[...STAT_SIDES]}
              value={side}
              onChange={(v) => setSide(v === 'vip' ? 'vip' : 'class')}
            />
          )}
        </Group>
        {STAT_VIEWS.map((v) => (
          <Tabs.Panel key={v.value} value={v.value} pt="sm">
            <StatTable label={statTableLabel(v.value, side)} view={v.value} side={side} filters={filters} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
