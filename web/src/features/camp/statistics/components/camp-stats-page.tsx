// The frame of a statistics page about one camp: the title, the camp picker (the first published
// camp by default, or the one in the address), live updates while it is shown, and what shows
// instead while it is read or when there is none.

import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useStatisticsLive } from '../use-statistics-live';
import { Loading, NoCamp } from './notices';
import { useShownCamp, useStatsParams } from './use-pickers';

export function CampStatsPage({ title, children }: { title: string; children: (campId: number) => ReactNode }) {
  const params = useStatsParams();
  const shown = useShownCamp(params.campId, params.setCamp);
  const campId = shown.camp?.campId ?? null;
  useStatisticsLive(campId);
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      {shown.picker}
      {shown.pending ? <Loading /> : campId === null ? <NoCamp asked={params.campId} /> : children(campId)}
    </Stack>
  );
}
