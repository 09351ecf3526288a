import { Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { FlashCard } from '@/generated/FlashCard';

export interface FlashCardDeckProps {
  cards: FlashCard[];
  done: boolean;
  disabled: boolean;
  busy: boolean;
  onFinish: () => void;
}

/** Flash cards one at a time: tap to flip, 上一张/下一张; 完成 once every card has been turned over. */
export function FlashCardDeck({ cards, done, disabled, busy, onFinish }: FlashCardDeckProps) {
  const [index, setIndex] = useState(0);
  const [back, setBack] = useState(false);
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set());
  const card = cards[index];
  if (!card) return null;
  const flip = () => {
    setBack(!back);
    if (!back) setSeen(new Set(seen).add(index));
  };
  const go = (to: number) => {
    setIndex(to);
    setBack(false);
  };
  const allSeen = seen.size >= cards.length;
  return (
    <Stack gap="sm">
      <UnstyledButton onClick={flip} aria-label={`第${index + 1}张闪卡，${back ? '背面' : '正面'}，点击翻面`}>
        <Paper
          withBorder
          radius="md"
          p="lg"
          mih={140}
          bg={back ? 'teal.0' : 'blue.0'}
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <Text size="lg" ta="center" style={{ whiteSpace: 'pre-wrap' }}>
            {back ? card.back : card.front}
          </Text>
        </Paper>
      </UnstyledButton>
      <Group justify="space-between">
        <Button variant="default" size="xs" disabled={index === 0} onClick={() => go(index - 1)}>
          上一张
        </Button>
        <Text size="sm" c="dimmed">
          {index + 1} / {cards.length} · {back ? '背面' : '正面'}
        </Text>
        <Button variant="default" size="xs" disabled={index === cards.length - 1} onClick={() => go(index + 1)}>
          下一张
        </Button>
      </Group>
      {!done && (
        <>
          <Button onClick={onFinish} disabled={disabled || !allSeen} loading={busy} fullWidth>
            完成
          </Button>
          {!allSeen && !disabled && (
            <Text size="xs" c="dimmed" ta="center">
              翻看全部 {cards.length} 张卡片的背面后可完成（已看 {seen.size} 张）
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
