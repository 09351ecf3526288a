import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import type { CourseRangeOptions } from '../../course-range';
import { CourseRangeTab } from './course-range-tab';
import { RuleTab } from './rule-tab';
import { ServiceTypesTab } from './service-types-tab';
import { TagsTab } from './tags-tab';

type Tab = 'services' | 'rule' | 'courseRange' | 'tags';
const TABS: readonly { value: Tab; label: string }[] = [
  { value: 'services', label: '服务类型' },
  { value: 'rule', label: '质检规则' },
  { value: 'courseRange', label: '课程范围' },
  { value: 'tags', label: '提交标签' },
];

const isTab = (v: string | null): v is Tab => TABS.some((t) => t.value === v);

export interface ServeConfigProps {
  /** The option lists of 课程范围. */
  courseRangeOptions: CourseRangeOptions;
}

/**
 * /qualityCheckManagement/serveConfig (服务配置, 02 §2, §7.6): service types, the QC rule, the
 * course range of the statistics and the submission tags. Only the open tab reads.
 */
export function ServeConfig({ courseRangeOptions }: ServeConfigProps) {
  const [tab, setTab] = useState<Tab>('services');
  return (
    <Stack p="md" gap="md">
      <Title order={4}>服务配置</Title>
      <Tabs value={tab} onChange={(v) => setTab(isTab(v) ? v : 'services')} keepMounted={false}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="services" pt="sm">
          <ServiceTypesTab />
        </Tabs.Panel>
        <Tabs.Panel value="rule" pt="sm">
          <RuleTab />
        </Tabs.Panel>
        <Tabs.Panel value="courseRange" pt="sm">
          <CourseRangeTab options={courseRangeOptions} />
        </Tabs.Panel>
        <Tabs.Panel value="tags" pt="sm">
          <TagsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
