import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SubjectSelector } from '@/features/datacentre/components/subject-selector';

export interface ScreenTitleProps {
  title: string;
  /**
   * The data centre's school selector (the session's school; the app hands it in). The QC pages'
   * header has no selectors (01 §2), so the screen draws them beside its title, as 考试成绩 does.
   */
  schoolSelector?: ReactNode;
}

/** A QC screen's title with the school and subjects it searches. */
export function ScreenTitle({ title, schoolSelector }: ScreenTitleProps) {
  return (
    <Group gap="sm" align="center">
      <Title order={4}>{title}</Title>
      <Group gap={4} role="group" aria-label="校区与学科">
        {schoolSelector}
        <SubjectSelector />
      </Group>
    </Group>
  );
}
