import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { CellBadge } from '@/components/data-table/cell-badge';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { formatCount, formatText } from '@/lib/report-format';
import { campStatusBadge } from '../../camp-dict';
import { campEditPath } from '../../camp-paths';
import { deckKey, type FlashCardDeck } from '../decks';

export interface DeckTableProps {
  label: string;
  storeKey: string;
  decks: FlashCardDeck[];
  fetching: boolean;
  noRecordsText: string;
  /** The buttons of a deck. */
  actions: (deck: FlashCardDeck) => ReactNode;
  actionsWidth?: number;
}

/** Decks as rows: name, cards, the camp (a link to its builder), its phase and state, the actions. */
export function DeckTable({
  label,
  storeKey,
  decks,
  fetching,
  noRecordsText,
  actions,
  actionsWidth = 200,
}: DeckTableProps) {
  const columns: ListTableColumn<FlashCardDeck>[] = [
    { accessor: 'taskName', title: '闪卡名称', width: 220, render: (d) => formatText(d.task.taskName) },
    { accessor: 'cardCount', title: '卡片数', width: 80, render: (d) => formatCount(d.cards.length) },
    {
      accessor: 'campName',
      title: '所属学习营',
      width: 200,
      render: (d) => (
        <Anchor component={Link} to={campEditPath(d.camp.campId)} size="sm">
          {formatText(d.camp.campName)}
        </Anchor>
      ),
    },
    { accessor: 'phaseName', title: '阶段', width: 140, render: (d) => formatText(d.phase.phaseName) },
    {
      accessor: 'campStatus',
      title: '学习营状态',
      width: 100,
      render: (d) => {
        const badge = campStatusBadge(d.camp.status, d.camp.statusName);
        return <CellBadge color={badge.color} text={badge.text} />;
      },
    },
    {
      accessor: 'actions',
      title: '操作',
      width: actionsWidth,
      toggleable: false,
      render: actions,
    },
  ];
  return (
    <ListTable<FlashCardDeck>
      label={label}
      storeKey={storeKey}
      columns={columns}
      records={decks}
      idAccessor={deckKey}
      rowAttributes={(d) => ({ 'aria-label': d.task.taskName })}
      noRecordsText={noRecordsText}
      fetching={fetching}
      pinFirstColumn
    />
  );
}
