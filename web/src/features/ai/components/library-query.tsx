import { Alert, Badge, Button, Drawer, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MathText } from '@/components/math-text';
import { ScopeSelect } from '@/components/scope-select';
import type { AiLibraryQuery } from '@/generated/AiLibraryQuery';
import { useScope } from '@/hooks/use-scope';
import { useLibraryQuery } from '../api/tools';
import { LIBRARY_PAGE_SIZE } from '../ai-dict';

const letter = (i: number) => String.fromCharCode(65 + i);

/** The search: words in the bank and my own questions of a stage and subject; 引用 hands a hit's quote on. */
function LibrarySearch({ onQuote }: { onQuote: (quote: string) => void }) {
  const [scope, choose] = useScope();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const body: AiLibraryQuery | null =
    scope && keyword ? { keyword, subject: scope.subject, stage: scope.stage, pageSize: LIBRARY_PAGE_SIZE } : null;
  const result = useLibraryQuery(body);
  const hits = result.data?.hits ?? [];

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <ScopeSelect value={scope} onChange={choose} size="xs" />
      </Group>
      <Group
        align="flex-end"
        gap="sm"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(input.trim());
        }}
      >
        <TextInput
          style={{ flex: 1 }}
          size="xs"
          aria-label="查找题目"
          placeholder="输入题干中的词语，如：导数 单调性"
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
        />
        <Button size="xs" type="submit" disabled={!scope || !input.trim()} loading={result.isFetching}>
          查找
        </Button>
      </Group>
      {!scope && (
        <Text size="sm" c="dimmed">
          请先选择学段和学科
        </Text>
      )}
      {result.isError && (
        <Alert color="red" variant="light">
          {result.error.message}
        </Alert>
      )}
      {result.data && (
        <Text size="xs" c="dimmed">
          共找到 {result.data.total} 道题{result.data.total > hits.length ? `，显示前 ${hits.length} 道` : ''}
        </Text>
      )}
      {result.data && hits.length === 0 && (
        <Text size="sm" c="dimmed" ta="center">
          没有找到相关题目，换个词试试。
        </Text>
      )}
      <Stack gap="xs" role="list" aria-label="查找结果">
        {hits.map((hit) => (
          <Paper
            key={hit.questionId}
            withBorder
            p="sm"
            radius="md"
            role="listitem"
            aria-label={`题目 #${hit.questionId}`}
          >
            <Group justify="space-between" mb={4} wrap="nowrap">
              <Group gap={6}>
                <Badge size="sm" variant="light">
                  {hit.typeName}
                </Badge>
                <Text size="xs" c="dimmed">
                  #{hit.questionId}
                </Text>
              </Group>
              <Button size="compact-xs" onClick={() => onQuote(hit.quote)}>
                引用
              </Button>
            </Group>
            <MathText text={hit.stem} terms={result.data?.terms ?? []} component="div" fz="sm" />
            {hit.options.map((o, i) => (
              <Text key={i} size="sm" component="div">
                {letter(i)}. <MathText text={o} />
              </Text>
            ))}
            {hit.answer && (
              <Text size="xs" c="dimmed" component="div" mt={4}>
                答案：
                <MathText text={hit.answer} />
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

export interface LibraryQueryButtonProps {
  /** Puts a found question's text into the message being written. */
  onQuote: (quote: string) => void;
  disabled?: boolean;
}

/** 题库引用: finds questions of the bank and my own, and quotes one into the message. */
export function LibraryQueryButton({ onQuote, disabled }: LibraryQueryButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpened(true)} disabled={disabled}>
        题库引用
      </Button>
      <Drawer opened={opened} onClose={() => setOpened(false)} title="题库引用" position="right" size="lg">
        {opened && (
          <LibrarySearch
            onQuote={(quote) => {
              onQuote(quote);
              setOpened(false);
            }}
          />
        )}
      </Drawer>
    </>
  );
}
