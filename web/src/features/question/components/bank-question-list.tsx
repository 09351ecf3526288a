import { Button } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { BasketToggle } from '@/features/basket/components/basket-toggle';
import type { QuestionView } from '@/generated/QuestionView';
import { QuestionList, type QuestionListProps } from './question-list';
import { SimilarModal } from './similar-modal';

export interface BankQuestionListProps extends Omit<QuestionListProps, 'actions'> {
  /** A question's buttons after the basket's and 相似题. */
  moreActions?: (question: QuestionView) => ReactNode;
}

/** A page of found questions, each put into the basket or shown with its similar questions (相似题). */
export function BankQuestionList({ difficulties, moreActions, ...list }: BankQuestionListProps) {
  const [similar, setSimilar] = useState<QuestionView | null>(null);
  return (
    <>
      <QuestionList
        {...list}
        difficulties={difficulties}
        actions={(q) => (
          <>
            <BasketToggle question={q} />
            <Button size="compact-sm" variant="subtle" onClick={() => setSimilar(q)}>
              相似题
            </Button>
            {moreActions?.(q)}
          </>
        )}
      />
      <SimilarModal question={similar} difficulties={difficulties} onClose={() => setSimilar(null)} />
    </>
  );
}
