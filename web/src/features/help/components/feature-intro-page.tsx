import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { routesByName } from '@/config/paths';
import { FEATURE_AREAS } from '../feature-areas';

/** 功能介绍: the product's areas, each linking to where it starts. */
export function FeatureIntroPage() {
  return (
    <Stack p="md" gap="md">
      <Title order={4}>功能介绍</Title>
      <Text c="dimmed" size="sm">
        EduHub 教研工作台汇集备课、授课服务、数据与质检等工作，以下为各功能模块简介。
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {FEATURE_AREAS.map((area) => {
          const route = area.routeName ? routesByName.get(area.routeName) : undefined;
          return (
            <Paper key={area.title} withBorder radius="md" p="md" component="section" aria-label={area.title}>
              <Stack gap="xs">
                <Title order={5}>{area.title}</Title>
                <Text size="sm">{area.description}</Text>
                {route && (
                  <Anchor component={Link} to={route.path} size="sm">
                    前往{area.title}
                  </Anchor>
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
