import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { MathText } from '@/components/math-text';
import { QuestionFeedback } from '@/features/feedback/components/question-feedback';
import type { QuestionView } from '@/generated/QuestionView';
import { difficultyColor, isChoice, optionLetter } from '../question-dict';

export interface QuestionCardProps {
  question: QuestionView;
  /** The words of the search, marked in the texts. */
  terms?: readonly string[];
  /** The name of the question's difficulty. */
  difficultyName?: string;
  /** Buttons after 答案解析 (basket, similar, tags, edit…). */
  actions?: ReactNode;
  /** The number shown (the question's place in the list by default). */
  index?: number;
  /** 反馈 (and 反馈汇总 for the library's editors) on a bank question. */
  feedback?: boolean;
}

/**
 * One question: its number, type, difficulty and origin, the stem and options with their formulas
 * (the search's words marked), its knowledge points and my tags; 答案解析 shows the answer and the
 * analysis; with `feedback`, a bank question is reported here.
 */
export function QuestionCard({
  question: q,
  terms = [],
  difficultyName,
  actions,
  index,
  feedback = false,
}: QuestionCardProps) {
  const [answerShown, setAnswerShown] = useState(false);
  const number = index ?? q.questionIndex;
  const tags = q.customBlockData.customTags;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`第${number}题`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6}>
            <Text fw={600}>{number}.</Text>
            <Badge variant="light">{q.typeName}</Badge>
            {difficultyName && (
              <Badge variant="light" color={difficultyColor(q.difficulty)}>
                {difficultyName}
              </Badge>
            )}
            {q.ownerId !== 0 && (
              <Badge variant="outline" color="grape">
                我的题目
              </Badge>
            )}
            {q.inBasket && (
              <Badge variant="filled" color="green">
                已在试题篮
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            综合评分 {q.compositeScore}
          </Text>
        </Group>
        <MathText component="div" text={q.stem} terms={terms} data-part="stem" />
        {isChoice(q.questionType) && q.options.length > 0 && (
          <Stack gap={4} pl="sm" aria-label="选项" role="list">
            {q.options.map((option, i) => (
              <Group key={i} gap={6} wrap="nowrap" align="flex-start" role="listitem">
                <Text span fw={500}>
                  {optionLetter(i)}.
                </Text>
                <MathText text={option} terms={terms} />
              </Group>
            ))}
          </Stack>
        )}
        {(q.knowledgePoints.length > 0 || tags.length > 0) && (
          <Group gap={4}>
            {q.knowledgePoints.map((p) => (
              <Badge key={p.id} size="sm" variant="dot" color="blue">
                {p.name}
              </Badge>
            ))}
            {tags.map((t) => (
              <Badge key={t} size="sm" variant="outline" color="violet" aria-label={`标签 ${t}`}>
                {t}
              </Badge>
            ))}
          </Group>
        )}
        {answerShown && (
          <Stack gap={4} p="sm" bg="gray.0" style={{ borderRadius: 4 }} aria-label="答案与解析">
            <Text size="sm">
              <Text span fw={600}>
                【答案】
              </Text>
              <MathText text={q.answer} />
            </Text>
            <Text size="sm" component="div">
              <Text span fw={600}>
                【解析】
              </Text>
              {q.analysis ? (
                <MathText text={q.analysis} />
              ) : (
                <Text span c="dimmed">
                  暂无解析
                </Text>
              )}
            </Text>
          </Stack>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="compact-sm" variant="subtle" onClick={() => setAnswerShown((s) => !s)}>
            {answerShown ? '收起答案' : '答案解析'}
          </Button>
          {actions}
          {feedback && q.ownerId === 0 && <QuestionFeedback question={q} />}
        </Group>
      </Stack>
    </Paper>
  );
}
