import { Alert, Badge, Button, Center, Grid, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ScopeSelect } from '@/components/scope-select';
import { defaultTree } from '@/features/atlas/atlas-tree';
import { useTreeChoices, useTreeDetail } from '@/features/atlas/api/trees';
import { useBasket, useBasketEnums } from '@/features/basket/api/basket';
import { BasketDrawer } from '@/features/basket/components/basket-drawer';
import { BasketToggle } from '@/features/basket/components/basket-toggle';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { usePageNo } from '@/features/teaching/use-page-no';
import type { QuestionSearchRequest } from '@/generated/QuestionSearchRequest';
import type { QuestionView } from '@/generated/QuestionView';
import { useScope } from '@/hooks/use-scope';
import { useClassSearch, useQuestionSearch } from '../api/search';
import { ALL, coded, QUESTION_PAGE_SIZE, SOURCE } from '../question-dict';
import { FacetFilter } from './facet-filter';
import { KnowledgeFilter } from './knowledge-filter';
import { QuestionFormModal, type QuestionFormMode } from './question-form-modal';
import { QuestionList } from './question-list';
import { SimilarModal } from './similar-modal';
import { TagModal } from './tag-modal';

interface Filters {
  keyword: string;
  typeId: number;
  difficulty: number;
  source: number;
  order: number;
  nodeId: number | null;
}

const NO_FILTERS: Filters = { keyword: '', typeId: ALL, difficulty: ALL, source: SOURCE.all, order: 0, nodeId: null };

/**
 * 知识点组卷 (/knowledgeSelection/knowledgePaper): the question bank searched by words, type,
 * difficulty, source and a knowledge point of a tree (with its subtree), ordered by relevance,
 * composite score or difficulty; what the search finds is counted beside the filters. Each
 * question goes into the basket (试题篮, in the header with its count), shows its answer and
 * analysis, its similar questions, my tags, and a bank question may be corrected (纠错, audited).
 * The basket is assembled into a handout that opens in the handout editor.
 */
export function KnowledgePaper({ title }: { title: string }) {
  const [scope, choose] = useScope();
  const enums = useBasketEnums();
  const basket = useBasket();
  const choices = useTreeChoices(scope?.subject ?? null, scope?.stage ?? null);
  const [pickedTree, setPickedTree] = useState<number | null>(null);
  const trees = choices.data ?? [];
  const treeId = trees.find((t) => t.treeId === pickedTree)?.treeId ?? defaultTree(trees)?.treeId ?? null;
  const detail = useTreeDetail(treeId);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const change = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const [drawer, setDrawer] = useState(false);
  const [similar, setSimilar] = useState<QuestionView | null>(null);
  const [tagging, setTagging] = useState<QuestionView | null>(null);
  const [form, setForm] = useState<QuestionFormMode | null>(null);

  const types = coded(enums.data?.questionTypes);
  const difficulties = coded(enums.data?.difficulties);
  const sources = coded(enums.data?.sources);
  const orders = coded(enums.data?.orders);

  const base = useMemo(() => {
    if (!scope) return null;
    const { keyword, nodeId, source } = filters;
    return {
      subject: scope.subject,
      stage: scope.stage,
      ...(keyword ? { keyword } : {}),
      knowledgeIds: nodeId ? [nodeId] : [],
      source,
    };
  }, [scope, filters]);
  const searchKey = JSON.stringify([base, filters]);
  const [pageNo, setPageNo] = usePageNo(searchKey);
  const request: QuestionSearchRequest | null = base && {
    ...base,
    typeIds: [filters.typeId],
    difficulties: [filters.difficulty],
    order: filters.order,
    pageNo,
    pageSize: QUESTION_PAGE_SIZE,
  };
  // The counts of every type and difficulty under the other filters.
  const classRequest: QuestionSearchRequest | null = base && { ...base, typeIds: [ALL], difficulties: [ALL] };
  const search = useQuestionSearch(request);
  const classes = useClassSearch(classRequest);
  const pointCounts = useMemo(
    () => new Map((classes.data?.knowledgePoints ?? []).map((f) => [f.code, f.count])),
    [classes.data],
  );

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        <Button
          variant="light"
          onClick={() => setDrawer(true)}
          rightSection={
            <Badge size="sm" variant="filled" aria-label="试题篮题数">
              {basket.data?.total ?? 0}
            </Badge>
          }
        >
          试题篮
        </Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <ScopeSelect
          value={scope}
          onChange={(next) => {
            choose(next);
            setPickedTree(null);
            change({ nodeId: null });
          }}
        />
        <Select
          label="图谱"
          w={220}
          data={trees.map((t) => ({ value: String(t.treeId), label: t.name }))}
          value={treeId === null ? null : String(treeId)}
          allowDeselect={false}
          placeholder={choices.isPending ? '加载中…' : '暂无图谱'}
          onChange={(v) => {
            if (!v) return;
            setPickedTree(Number(v));
            change({ nodeId: null });
          }}
        />
      </Group>
      {!scope ? (
        <Text c="dimmed">请先选择学段与学科</Text>
      ) : (
        <Grid gutter="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder p="sm" radius="md">
              {treeId === null ? (
                <Text c="dimmed" size="sm">
                  暂无可用的知识图谱
                </Text>
              ) : detail.isPending ? (
                <Center p="md">
                  <Loader size="sm" aria-label="正在加载知识点" />
                </Center>
              ) : detail.isError ? (
                <Alert color="orange" title="知识点加载失败">
                  {detail.error.message}
                </Alert>
              ) : (
                <KnowledgeFilter
                  key={treeId}
                  nodes={detail.data.nodes}
                  value={filters.nodeId}
                  onChange={(nodeId) => change({ nodeId })}
                  counts={pointCounts}
                />
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="sm">
              <Paper withBorder p="sm" radius="md">
                <Stack gap="xs">
                  <KeywordSearch
                    placeholder="题干、选项或解析中的词"
                    value={filters.keyword}
                    onSearch={(keyword) => change({ keyword })}
                  >
                    <Select
                      size="xs"
                      label="来源"
                      w={120}
                      data={sources.map((s) => ({ value: String(s.code), label: s.name }))}
                      value={String(filters.source)}
                      allowDeselect={false}
                      onChange={(v) => v && change({ source: Number(v) })}
                    />
                    <Select
                      size="xs"
                      label="排序"
                      w={120}
                      data={orders.map((s) => ({ value: String(s.code), label: s.name }))}
                      value={String(filters.order)}
                      allowDeselect={false}
                      onChange={(v) => v && change({ order: Number(v) })}
                    />
                  </KeywordSearch>
                  <FacetFilter
                    label="题型"
                    options={types}
                    value={filters.typeId}
                    onChange={(typeId) => change({ typeId })}
                    facets={classes.data?.types}
                  />
                  <FacetFilter
                    label="难度"
                    options={difficulties}
                    value={filters.difficulty}
                    onChange={(difficulty) => change({ difficulty })}
                    facets={classes.data?.difficulties}
                  />
                </Stack>
              </Paper>
              <QuestionList
                search={search}
                difficulties={difficulties}
                pageNo={pageNo}
                onPageChange={setPageNo}
                emptyText="没有找到题目，换个条件试试"
                actions={(q) => (
                  <>
                    <BasketToggle question={q} />
                    <Button size="compact-sm" variant="subtle" onClick={() => setSimilar(q)}>
                      相似题
                    </Button>
                    <Button size="compact-sm" variant="subtle" onClick={() => setTagging(q)}>
                      标签
                    </Button>
                    {q.ownerId === 0 && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="orange"
                        onClick={() => setForm({ kind: 'reedit', question: q })}
                      >
                        纠错
                      </Button>
                    )}
                  </>
                )}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      <BasketDrawer
        opened={drawer}
        onClose={() => setDrawer(false)}
        subject={scope?.subject ?? null}
        stage={scope?.stage ?? null}
      />
      <SimilarModal question={similar} difficulties={difficulties} onClose={() => setSimilar(null)} />
      <TagModal question={tagging} onClose={() => setTagging(null)} />
      <QuestionFormModal mode={form} onClose={() => setForm(null)} />
    </Stack>
  );
}
