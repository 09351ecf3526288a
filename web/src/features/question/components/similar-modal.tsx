import { Alert, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { BasketToggle } from '@/features/basket/components/basket-toggle';
import type { QuestionView } from '@/generated/QuestionView';
import { useSimilarQuestions } from '../api/questions';
import type { Coded } from '../question-dict';
import { nameOf } from '../question-dict';
import { QuestionCard } from './question-card';

export interface SimilarModalProps {
  /** The question whose similar ones are shown (null: closed). */
  question: QuestionView | null;
  difficulties: readonly Coded[];
  onClose: () => void;
}

/** 相似题: questions of the same type on the same points, close in difficulty, each for the basket. */
export function SimilarModal({ question, difficulties, onClose }: SimilarModalProps) {
  return (
    <Modal
      opened={question !== null}
      onClose={onClose}
      title={question ? `相似题 · 第${question.questionIndex}题` : '相似题'}
      size="xl"
    >
      {question && <SimilarList question={question} difficulties={difficulties} />}
    </Modal>
  );
}

function SimilarList({ question, difficulties }: { question: QuestionView; difficulties: readonly Coded[] }) {
  const similar = useSimilarQuestions(question.questionId, true);
  if (similar.isPending)
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="正在查找相似题" />
      </Center>
    );
  if (similar.isError)
    return (
      <Alert color="orange" title="相似题加载失败">
        {similar.error.message}
      </Alert>
    );
  if (similar.data.length === 0) return <Text c="dimmed">没有找到相似题</Text>;
  return (
    <Stack gap="sm">
      {similar.data.map((q, i) => (
        <QuestionCard
          key={q.questionId}
          question={q}
          index={i + 1}
          difficultyName={nameOf(difficulties, q.difficulty)}
          actions={<BasketToggle question={q} />}
        />
      ))}
    </Stack>
  );
}
