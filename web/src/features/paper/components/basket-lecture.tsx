import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { MathText } from '@/components/math-text';
import { knowledgeSectionEditPath } from '@/config/paths';
import { useAssembleBasket, useBasket } from '@/features/basket/api/basket';
import { DEFAULT_TITLE, TITLE_LIMIT } from '@/features/basket/components/basket-drawer';
import { formatCount } from '@/lib/report-format';
import type { AssembleParams } from '../assemble-params';

/**
 * 试题篮组讲义: the basket's questions by type (basket/question/list); 组讲义 writes them into a
 * new handout of the link's subject and stage under a title (basket/assemble) and opens it. The
 * server takes only questions of that subject and stage, so the page says so before it is asked.
 */
export function BasketLecture({ params }: { params: AssembleParams }) {
  const navigate = useNavigate();
  const basket = useBasket();
  const assemble = useAssembleBasket();
  const [title, setTitle] = useState(DEFAULT_TITLE);
  const [error, setError] = useState<string | null>(null);

  if (basket.isPending)
    return (
      <Center mih={120}>
        <Loader aria-label="正在加载试题篮" />
      </Center>
    );
  if (basket.isError)
    return (
      <Alert color="orange" title="试题篮加载失败">
        {basket.error.message}
      </Alert>
    );

  const { total, groups } = basket.data;
  const questions = groups.flatMap((g) => g.questions);
  const foreign = questions.filter((q) => q.subject !== params.subject || q.stage !== params.stage).length;

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const value = title.trim();
    if (!value) {
      setError('请输入讲义标题');
      return;
    }
    setError(null);
    // A failure: the API client has shown the server's message.
    assemble.mutate(
      { subject: params.subject, stage: params.stage, title: value },
      { onSuccess: (result) => void navigate(knowledgeSectionEditPath(result.paperId)) },
    );
  };

  return (
    <Stack gap="md">
      {total === 0 ? (
        <Text c="dimmed">试题篮是空的；在知识点组卷或教材章节中把题目加入试题篮后再来组讲义。</Text>
      ) : (
        groups.map((group) => (
          <Stack key={group.questionType} gap="xs" role="group" aria-label={group.typeName}>
            <Group gap="xs">
              <Text fw={600}>{group.typeName}</Text>
              <Badge size="sm" variant="light">
                {formatCount(group.questions.length)}
              </Badge>
            </Group>
            {group.questions.map((q, i) => (
              <Paper key={q.questionId} withBorder p="xs" radius="sm">
                <Text size="sm" lineClamp={3} component="div">
                  {i + 1}. <MathText text={q.stem} />
                </Text>
              </Paper>
            ))}
          </Stack>
        ))
      )}
      {foreign > 0 && (
        <Alert color="yellow" variant="light" role="alert">
          试题篮中有 {formatCount(foreign)} 道题不属于本讲义的学段学科，请先在试题篮中移出后再组讲义。
        </Alert>
      )}
      <form onSubmit={submit}>
        <Group align="flex-start">
          <TextInput
            label="讲义标题"
            w={320}
            maxLength={TITLE_LIMIT}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={error}
          />
          <Button type="submit" mt={25} loading={assemble.isPending} disabled={total === 0 || foreign > 0}>
            组讲义
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          组讲义后，试题篮中的题目将按题型写入新讲义并移出试题篮，随后打开讲义编辑。
        </Text>
      </form>
    </Stack>
  );
}
