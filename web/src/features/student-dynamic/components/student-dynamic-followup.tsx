import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { defaultDynamicFilters, type DynamicFilters, toDynamicWire } from '../student-dynamic-search';
import { DynamicFilterBar } from './dynamic-filter-bar';
import { DynamicList } from './dynamic-list';

/**
 * /easyServer/studentDynamicFollowup (学员动态跟进): for a teacher, consultant or learning
 * manager, what happened to their own students (the server reads the caller's scope) — those
 * still to follow up first — and the follow-ups they record.
 */
export function StudentDynamicFollowup() {
  const [filters, setFilters] = useState<DynamicFilters>(() => defaultDynamicFilters(new Date()));
  return (
    <Stack p="md" gap="md">
      <Title order={4}>学员动态跟进</Title>
      <DynamicFilterBar value={filters} onApply={setFilters} />
      <DynamicList search={toDynamicWire(filters)} storeKey="student-dynamic-followup" />
    </Stack>
  );
}
