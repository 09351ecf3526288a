import { Alert, Button, Center, Grid, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ScopeSelect } from '@/components/scope-select';
import { defaultTree } from '@/features/atlas/atlas-tree';
import { useTreeChoices, useTreeDetail } from '@/features/atlas/api/trees';
import { useBasket } from '@/features/basket/api/basket';
import type { QuestionView } from '@/generated/QuestionView';
import { useScope } from '@/hooks/use-scope';
import { useBankCodes } from '../hooks/use-bank-codes';
import { type BankFilters, NO_BANK_FILTERS, useBankSearch } from '../hooks/use-bank-search';
import { BankQuestionList } from './bank-question-list';
import { BankSearchFilters } from './bank-search-filters';
import { BasketPage } from './basket-page';
import { KnowledgeFilter } from './knowledge-filter';
import { QuestionFormModal, type QuestionFormMode } from './question-form-modal';
import { TagModal } from './tag-modal';

interface Filters extends BankFilters {
  nodeId: number | null;
}

const NO_FILTERS: Filters = { ...NO_BANK_FILTERS, nodeId: null };

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
  const codes = useBankCodes();
  const basket = useBasket();
  const choices = useTreeChoices(scope?.subject ?? null, scope?.stage ?? null);
  const [pickedTree, setPickedTree] = useState<number | null>(null);
  const trees = choices.data ?? [];
  const treeId = trees.find((t) => t.treeId === pickedTree)?.treeId ?? defaultTree(trees)?.treeId ?? null;
  const detail = useTreeDetail(treeId);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const change = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const [tagging, setTagging] = useState<QuestionView | null>(null);
  const [form, setForm] = useState<QuestionFormMode | null>(null);

  const { search, classes, pageNo, setPageNo } = useBankSearch(
    scope && { subject: scope.subject, stage: scope.stage, knowledgeIds: filters.nodeId ? [filters.nodeId] : [] },
    filters,
  );
  const pointCounts = useMemo(
    () => new Map((classes.data?.knowledgePoints ?? []).map((f) => [f.code, f.count])),
    [classes.data],
  );

  return (
    <BasketPage
      title={title}
      count={basket.data?.total ?? 0}
      subject={scope?.subject ?? null}
      stage={scope?.stage ?? null}
    >
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
                  <BankSearchFilters codes={codes} filters={filters} onChange={change} counts={classes.data} />
                </Stack>
              </Paper>
              <BankQuestionList
                search={search}
                difficulties={codes.difficulties}
                pageNo={pageNo}
                onPageChange={setPageNo}
                emptyText="没有找到题目，换个条件试试"
                moreActions={(q) => (
                  <>
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
      <TagModal question={tagging} onClose={() => setTagging(null)} />
      <QuestionFormModal mode={form} onClose={() => setForm(null)} />
    </BasketPage>
  );
}
