import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TextbookChapter } from '@/generated/TextbookChapter';
import { useBankCodes } from '../hooks/use-bank-codes';
import { type BankFilters, NO_BANK_FILTERS, useBankSearch } from '../hooks/use-bank-search';
import { chapterPoints } from '../textbook-chapters';
import { BankQuestionList } from './bank-question-list';
import { BankSearchFilters } from './bank-search-filters';

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
  const codes = useBankCodes();
  const points = chapterPoints(chapter);
  const [filters, setFilters] = useState<BankFilters>(NO_BANK_FILTERS);
  const change = (patch: Partial<BankFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const scope = points.length === 0 ? null : { subject, stage, knowledgeIds: points.map((p) => p.id) };
  const { search, classes, pageNo, setPageNo } = useBankSearch(scope, filters);

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
          {scope && <BankSearchFilters codes={codes} filters={filters} onChange={change} counts={classes.data} />}
        </Stack>
      </Paper>
      {scope ? (
        <BankQuestionList
          search={search}
          difficulties={codes.difficulties}
          pageNo={pageNo}
          onPageChange={setPageNo}
          emptyText="这个章节的知识点下没有找到题目，换个条件试试"
        />
      ) : (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            该章节尚未关联知识点，无法按章节选题；请在教材库中为章节绑定知识点。
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
