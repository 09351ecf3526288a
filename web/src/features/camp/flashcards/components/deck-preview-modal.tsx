import { Modal, Stack, Table, Text } from '@mantine/core';
import { FlashCardDeck as CardDeck } from '../../student/flash-card-deck';
import type { FlashCardDeck } from '../decks';

/**
 * 预览: a deck as students turn it (tap to flip, 上一张/下一张), then every card's two sides.
 * Nothing is recorded: the student's finishing is left out.
 */
export function DeckPreviewModal({ deck, onClose }: { deck: FlashCardDeck | null; onClose: () => void }) {
  return (
    <Modal opened={deck !== null} onClose={onClose} title={deck ? `预览：${deck.task.taskName}` : ''} size="lg">
      {deck && (
        <Stack gap="md">
          {deck.cards.length === 0 ? (
            <Text c="dimmed">这组闪卡还没有卡片</Text>
          ) : (
            <CardDeck cards={deck.cards} done disabled busy={false} onFinish={() => undefined} />
          )}
          {deck.cards.length > 0 && (
            <Table aria-label="全部卡片" striped withTableBorder verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>序号</Table.Th>
                  <Table.Th>正面</Table.Th>
                  <Table.Th>背面</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deck.cards.map((c, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{c.front}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{c.back}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}
