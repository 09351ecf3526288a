import { Button } from '@mantine/core';
import type { QuestionView } from '@/generated/QuestionView';
import { useAddToBasket, useRemoveFromBasket } from '../api/basket';

/** 加入试题篮 / 移出试题篮 for one question (its inBasket mark follows). */
export function BasketToggle({ question }: { question: QuestionView }) {
  const add = useAddToBasket();
  const remove = useRemoveFromBasket();
  const busy = add.isPending || remove.isPending;
  return question.inBasket ? (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      loading={busy}
      onClick={() => remove.mutate({ questionIds: [question.questionId] })}
    >
      移出试题篮
    </Button>
  ) : (
    <Button size="compact-sm" loading={busy} onClick={() => add.mutate([question.questionId])}>
      加入试题篮
    </Button>
  );
}
