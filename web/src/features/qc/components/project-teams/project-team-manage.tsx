import { Grid, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_MEMBER_FILTERS, type MemberFilters } from '../../member-search';
import { MemberPanel } from './member-panel';
import { TeamTree } from './team-tree';

/**
 * /qualityCheckManagement/projectTeamManage (项目组管理, 02 §2, §7.6): the project teams of each
 * school on the left; on the right the staff of the school or team picked, moved between teams.
 */
export function ProjectTeamManage() {
  const [filters, setFilters] = useState<MemberFilters>(DEFAULT_MEMBER_FILTERS);
  return (
    <Stack p="md" gap="md">
      <Title order={4}>项目组管理</Title>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="sm">
            <TeamTree
              picked={{ schoolId: filters.schoolId, groupId: filters.groupId }}
              onPick={({ schoolId, groupId }) => setFilters((f) => ({ ...f, schoolId, groupId, deptName: null }))}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <MemberPanel filters={filters} onFiltersChange={setFilters} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
