import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { summaryOf } from '../record-summary';
import { FactsCard } from './facts';

export interface OnlineRecordProps {
  /** The heading without a summary: 线上课次 12. */
  fallbackHeading: string;
  /** At the heading's far end (the ways to the record's other pages). */
  actions?: ReactNode;
  /** The record's lists (the online class's or lesson's tabs). */
  children: ReactNode;
}

/**
 * An online lesson's or class's page: its name and facts as the link that opened it carried them,
 * then its lists.
 */
export function OnlineRecord({ fallbackHeading, actions, children }: OnlineRecordProps) {
  const summary = summaryOf(useLocation().state);
  return (
    <Stack p="md" gap="md">
      <FactsCard title={summary?.heading ?? fallbackHeading} actions={actions} facts={summary?.facts ?? []} />
      {children}
    </Stack>
  );
}
