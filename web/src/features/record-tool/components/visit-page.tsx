import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { VisitDetail } from '@/generated/VisitDetail';
import { useVisit } from '../api/visits';

export interface VisitPageProps {
  id: number;
  /** The page drawn from the visit once read. */
  children: (detail: VisitDetail) => ReactNode;
}

/**
 * A visit's page (听课记录表, 听课学生): draws it once read; a visit that cannot be read says why
 * (the server's message: 听课记录不存在或无权查看).
 */
export function VisitPage({ id, children }: VisitPageProps) {
  const query = useVisit(id);
  if (query.isPending) {
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="加载中" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Center p="xl">
        <Text c="dimmed" role="alert">
          {query.error.message}
        </Text>
      </Center>
    );
  }
  return (
    <Stack p="md" gap="md">
      {children(query.data)}
    </Stack>
  );
}
