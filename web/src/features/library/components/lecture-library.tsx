import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { LectureAssembly } from '@/features/paper/components/lecture-assembly';
import { CourseHandouts } from './course-handouts';

type Tab = 'assembly' | 'courses';

/**
 * 讲义库 (/easyLessonPreparation/lectureLibrary): 组讲义, a lecture assembled from the knowledge
 * atlas, and 课程讲义, the courses of the lecture library with their lessons and handouts.
 */
export function LectureLibrary({ title }: { title: string }) {
  const [tab, setTab] = useState<Tab>('assembly');
  return (
    <Stack p="md" gap="md">
      <Title order={3}>{title}</Title>
      <Tabs value={tab} onChange={(v) => setTab(v === 'courses' ? 'courses' : 'assembly')} keepMounted={false}>
        <Tabs.List aria-label="讲义库">
          <Tabs.Tab value="assembly">组讲义</Tabs.Tab>
          <Tabs.Tab value="courses">课程讲义</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="assembly" pt="md">
          <LectureAssembly embedded />
        </Tabs.Panel>
        <Tabs.Panel value="courses" pt="md">
          <CourseHandouts />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
