import { Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useBaseDicInfo } from '@/features/atlas/api/trees';
import { NotLoaded } from '@/features/teaching/components/loading';
import { parseAssembleParams } from '../assemble-params';
import { scopeName } from '../scope-names';
import { AtlasLecture } from './atlas-lecture';
import { BasketLecture } from './basket-lecture';

type Tab = 'atlas' | 'basket';

/**
 * 组讲义 (/easyLessonPreparation/lectureLibrary/assembleLecture/{any}/{subject}/{stage}/
 * {atlasType}/{schoolId}/{knwDirId}): a lecture of the link's subject and stage, assembled from
 * chapters and points of a knowledge tree (按知识点) or from the question basket (试题篮); either way
 * the new handout opens in the handout editor (`?tab=basket` opens on the basket). A link whose
 * values are not usable says so.
 */
export function AssembleLecture({ title }: { title: string }) {
  const parsed = parseAssembleParams(useParams());
  const dict = useBaseDicInfo();
  const [query] = useSearchParams();
  const [tab, setTab] = useState<Tab>(query.get('tab') === 'basket' ? 'basket' : 'atlas');
  if (!parsed.ok)
    return (
      <Stack p="md" gap="md">
        <Title order={4}>{title}</Title>
        <NotLoaded text={parsed.error} />
      </Stack>
    );
  const params = parsed.value;
  const atlasType =
    params.atlasType > 0 ? dict.data?.atlasTypes.find((t) => t.code === String(params.atlasType))?.name : undefined;
  return (
    <Stack p="md" gap="md" maw={1080}>
      <Group gap="sm">
        <Title order={4}>{title}</Title>
        {dict.data && (
          <Badge variant="light" aria-label="学段学科">
            {scopeName(dict.data, params.stage, params.subject)}
          </Badge>
        )}
        {atlasType && (
          <Badge variant="light" color="grape" aria-label="图谱类型">
            {atlasType}
          </Badge>
        )}
      </Group>
      <Text c="dimmed" size="sm">
        勾选知识图谱中的章节或知识点，或使用试题篮中的题目，组成讲义后即可在线编辑。
      </Text>
      <Tabs value={tab} onChange={(v) => setTab(v === 'basket' ? 'basket' : 'atlas')} keepMounted={false}>
        <Tabs.List aria-label="组讲义方式">
          <Tabs.Tab value="atlas">按知识点</Tabs.Tab>
          <Tabs.Tab value="basket">试题篮</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="atlas" pt="md">
          <AtlasLecture params={params} />
        </Tabs.Panel>
        <Tabs.Panel value="basket" pt="md">
          <BasketLecture params={params} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
