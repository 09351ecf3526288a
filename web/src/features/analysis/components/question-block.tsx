// A question as the analysis pages show it: its number, type and badges, the stem and options with
// their formulas (KaTeX), what the student answered, and the right answer with its analysis —
// folded on the working pages, open on a report's pages.

import { Anchor, Badge, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { memo, type ReactNode } from 'react';
import { CellBadge } from '@/components/data-table/cell-badge';
import { MathText } from '@/components/math-text';
import type { AnalysisPoint } from '@/generated/AnalysisPoint';
import { markBadge, markOf, questionTypeName } from '../analysis-dict';

/** What a question shows of itself, whichever call gave it. */
export interface QuestionFacts {
  questionId: number;
  questionType: number;
  stem: string;
  options: string[];
  answer: string;
  analysis: string;
  points: AnalysisPoint[];
}

const isChoice = (type: number) => type === 1 || type === 2;
const optionLetter = (i: number) => String.fromCharCode(65 + i);

export interface QuestionBlockProps {
  /** The number shown and the block's accessible name (第3题). */
  number: number;
  question: QuestionFacts;
  /** Its name when the number alone does not tell it (several tasks on a page). */
  label?: string;
  /** Beside the number and type (a mark, the points). */
  badges?: ReactNode;
  /** Before the number (a checkbox). */
  leading?: ReactNode;
  /** Under the options (the student's answer, a note). */
  children?: ReactNode;
  /** The right answer and analysis: folded behind a link, open, or not shown. */
  answer?: 'folded' | 'open' | 'none';
}

export function QuestionBlock({
  number,
  question: q,
  label,
  badges,
  leading,
  children,
  answer = 'folded',
}: QuestionBlockProps) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-label={label ?? `第${number}题`}
      data-question-id={q.questionId}
    >
      <Stack gap="xs">
        <Group gap={6}>
          {leading}
          <Text fw={600}>{number}.</Text>
          <Badge variant="light">{questionTypeName(q.questionType)}</Badge>
          {badges}
        </Group>
        <QuestionContent question={q} />
        {children}
        {answer === 'open' && <RightAnswer question={q} />}
        {answer === 'folded' && <FoldedAnswer question={q} />}
      </Stack>
    </Paper>
  );
}

/** The stem, options and knowledge points: drawn again only for another question (KaTeX is slow). */
const QuestionContent = memo(function QuestionContent({ question: q }: { question: QuestionFacts }) {
  return (
    <>
      <MathText component="div" text={q.stem} data-part="stem" />
      {isChoice(q.questionType) && q.options.length > 0 && (
        <Stack gap={4} pl="sm" aria-label="选项" role="list">
          {q.options.map((option, i) => (
            <Group key={i} gap={6} wrap="nowrap" align="flex-start" role="listitem">
              <Text span fw={500}>
                {optionLetter(i)}.
              </Text>
              <MathText text={option} />
            </Group>
          ))}
        </Stack>
      )}
      {q.points.length > 0 && (
        <Group gap={4} aria-label="知识点">
          {q.points.map((p) => (
            <Badge key={p.nodeId} size="sm" variant="outline" color="gray">
              {p.name}
            </Badge>
          ))}
        </Group>
      )}
    </>
  );
});

const FoldedAnswer = memo(function FoldedAnswer({ question }: { question: QuestionFacts }) {
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <div>
      <Anchor component="button" type="button" size="sm" onClick={toggle} aria-expanded={opened}>
        {opened ? '收起答案与解析' : '查看答案与解析'}
      </Anchor>
      <Collapse in={opened}>
        <RightAnswer question={question} />
      </Collapse>
    </div>
  );
});

/** The question's right answer and its analysis. */
export function RightAnswer({ question }: { question: Pick<QuestionFacts, 'answer' | 'analysis'> }) {
  return (
    <Stack gap={2} p="xs" bg="gray.0" style={{ borderRadius: 4 }} aria-label="答案与解析">
      <Text size="sm" component="div">
        <Text span fw={600} c="green.8">
          正确答案：
        </Text>
        <MathText text={question.answer || '-'} />
      </Text>
      {question.analysis && (
        <Text size="sm" component="div">
          <Text span fw={600}>
            解析：
          </Text>
          <MathText text={question.analysis} />
        </Text>
      )}
    </Stack>
  );
}

/** The student's answer as written (formulas drawn), 未作答 when blank. */
export function StudentAnswer({ answer, label = '学生作答' }: { answer: string; label?: string }) {
  return (
    <Text size="sm" component="div" aria-label={label}>
      <Text span fw={600}>
        {label}：
      </Text>
      {answer.trim() ? (
        <MathText text={answer} />
      ) : (
        <Text span c="dimmed">
          未作答
        </Text>
      )}
    </Text>
  );
}

/** The mark of the student's answer as a badge: 对, 错, 待批改 or 未作答. */
export function MarkBadge({ answer }: { answer: { correct: boolean | null; studentAnswer: string } }) {
  const badge = markBadge(markOf(answer));
  return <CellBadge color={badge.color} text={badge.text} />;
}
