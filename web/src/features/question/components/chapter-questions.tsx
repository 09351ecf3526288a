import { Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useBasketEnums } from '@/features/basket/api/basket';
import { BasketToggle } from '@/features/basket/components/basket-toggle';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { usePageNo } from '@/features/teaching/use-page-no';
import type { QuestionSearchRequest } from '@/generated/QuestionSearchRequest';
import type { QuestionView } from '@/generated/QuestionView';
import type { TextbookChapter } from '@/generated/TextbookChapter';
import { useClassSearch, useQuestionSearch } from '../api/search';
import { ALL, coded, QUESTION_PAGE_SIZE, SOURCE } from '../question-dict';
import { chapterPoints } from '../textbook-chapters';
import { FacetFilter } from './facet-filter';
import { QuestionList } from './question-list';
import { SimilarModal } from './similar-modal';

interface Filters {
  keyword: string;
  typeId: number;
  difficulty: number;
  source: number;
  order: number;
}

const NO_FILTERS: Filters = { keyword: '', typeId: ALL, difficulty: ALL, source: SOURCE.all, order: 0 };

export interface ChapterQuestionsProps {
  chapter: TextbookChapter;
  subject: number;
  stage: number;
}

/**
 * The bank's questions on a chapter's knowledge points (its own with its sections'), searched by
 * words, type, difficulty and source (paper/search, counted by paper/class/search); each goes into
 * the basket or shows its similar questions. A chapter without points has nothing to search.
 */
export function ChapterQuestions({ chapter, subject, stage }: ChapterQuestionsProps) {
  const enums = useBasketEnums();
  const points = chapterPoints(chapter);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const change = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const [similar, setSimilar] = useState<QuestionView | null>(null);
  const types = coded(enums.data?.questionTypes);
  const difficulties = coded(enums.data?.difficulties);
  const sources = coded(enums.data?.sources);
  const orders = coded(enums.data?.orders);

  // The query keys hold the search by value, so a search built afresh each render reads nothing again.
  const base =
    points.length === 0
      ? null
      : {
          subject,
          stage,
          ...(filters.keyword ? { keyword: filters.keyword } : {}),
          knowledgeIds: points.map((p) => p.id),
          source: filters.source,
        };
  const [pageNo, setPageNo] = usePageNo(JSON.stringify([base, filters]));
  const request: QuestionSearchRequest | null = base && {
    ...base,
    typeIds: [filters.typeId],
    difficulties: [filters.difficulty],
    order: filters.order,
    pageNo,
    pageSize: QUESTION_PAGE_SIZE,
  };
  const classRequest: QuestionSearchRequest | null = base && { ...base, typeIds: [ALL], difficulties: [ALL] };
  const search = useQuestionSearch(request);
  const classes = useClassSearch(classRequest);

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <Group gap={6} aria-label={`${chapter.name}的知识点`} role="list">
            <Text size="sm" fw={500}>
              {chapter.name}
            </Text>
            {points.map((p) => (
              <Badge key={p.id} size="sm" variant="outline" color="indigo" role="listitem">
                {p.name}
              </Badge>
            ))}
          </Group>
          {base && (
            <>
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
            </>
          )}
        </Stack>
      </Paper>
      {base ? (
        <QuestionList
          search={search}
          difficulties={difficulties}
          pageNo={pageNo}
          onPageChange={setPageNo}
          emptyText="这个章节的知识点下没有找到题目，换个条件试试"
          actions={(q) => (
            <>
              <BasketToggle question={q} />
              <Button size="compact-sm" variant="subtle" onClick={() => setSimilar(q)}>
                相似题
              </Button>
            </>
          )}
        />
      ) : (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            该章节尚未关联知识点，无法按章节选题；请在教材库中为章节绑定知识点。
          </Text>
        </Paper>
      )}
      <SimilarModal question={similar} difficulties={difficulties} onClose={() => setSimilar(null)} />
    </Stack>
  );
}
