import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import type { QuestionSearchResult } from '@/generated/QuestionSearchResult';
import type { QuestionView } from '@/generated/QuestionView';
import { type Coded, nameOf, QUESTION_PAGE_SIZE } from '../question-dict';
import { QuestionCard } from './question-card';

export interface QuestionListProps {
  /** The search (paper/search); its terms are marked. */
  search: UseQueryResult<QuestionSearchResult>;
  difficulties: readonly Coded[];
  pageNo: number;
  onPageChange: (pageNo: number) => void;
  /** The buttons of one question. */
  actions: (question: QuestionView) => ReactNode;
  emptyText: string;
}

/** A page of found questions (bank questions may be reported) with the pager and the total. */
export function QuestionList({ search, difficulties, pageNo, onPageChange, actions, emptyText }: QuestionListProps) {
  if (search.isPending)
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="正在查找题目" />
      </Center>
    );
  if (search.isError)
    return (
      <Alert color="orange" title="题目加载失败">
        {search.error.message}
      </Alert>
    );
  const { records, total, terms } = search.data;
  return (
    <Stack gap="sm" aria-busy={search.isFetching} aria-label="题目列表" role="region">
      {records.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl">
          {emptyText}
        </Text>
      ) : (
        records.map((q) => (
          <QuestionCard
            key={q.questionId}
            question={q}
            terms={terms}
            difficultyName={nameOf(difficulties, q.difficulty)}
            actions={actions(q)}
            feedback
          />
        ))
      )}
      <ListFooter
        page={pageNo}
        pages={Math.max(1, Math.ceil(total / QUESTION_PAGE_SIZE))}
        total={total}
        onPageChange={onPageChange}
      />
    </Stack>
  );
}
