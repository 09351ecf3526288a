import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { routesByName } from '@/config/paths';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';
import type { AnalysisRoute } from '../analysis-paths';
import classes from './analysis.module.css';

/** A page's heading as the menu names its route, with what goes beside it (links, actions). */
export function PageHeading({ route, children }: { route: AnalysisRoute; children?: ReactNode }) {
  const title = usePageTitle(route, routesByName.get(route)?.title) ?? '';
  return (
    <Group justify="space-between" gap="sm" className={classes.noPrint}>
      <Title order={4}>{title}</Title>
      {children && <Group gap="sm">{children}</Group>}
    </Group>
  );
}
