import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampPhase } from '@/generated/CampPhase';
import type { FlashCard } from '@/generated/FlashCard';
import type { PhaseTask } from '@/generated/PhaseTask';
import {
  bodiesOf,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { campRow } from '../../statistics/test-helpers';
import { phaseTask } from '../../test-helpers';
import { decksOf, matchDecks } from '../decks';
import { FlashCardLibrary } from './flash-card-library';
import { FlashCardWorkbench } from './flash-card-workbench';

beforeEach(() => notifications.clean());
afterEach(() => vi.unstubAllGlobals());

const CARDS: FlashCard[] = [
  { front: '导数的定义', back: '函数增量与自变量增量之比的极限' },
  { front: "$(x^n)'$", back: '$nx^{n-1}$' },
];

const deck = (taskId: number, phaseId: number, campId: number, taskName: string, cards = CARDS): PhaseTask =>
  phaseTask(taskId, phaseId, { campId, taskName, taskType: 4, taskTypeName: '闪卡', questions: undefined, cards });

/** Camp 1 (published): 第一周 { 概念闪卡, a question set }; camp 2 (draft): 第一周 { 公式闪卡 }; camp 4 shut. */
const CAMPS = [
  campRow(1, { campName: '导数专题营' }),
  campRow(2, { campName: '期末冲刺营', status: 0, statusName: '草稿' }),
  campRow(4, { campName: '已关闭营', status: 4, statusName: '已关闭' }),
];

function server() {
  const phases: Record<number, CampPhase[]> = {
    1: [
      {
        phaseId: 11,
        phaseName: '第一周',
        seqNo: 1,
        tasks: [deck(101, 11, 1, '概念闪卡'), phaseTask(102, 11, { campId: 1 })],
      },
    ],
    2: [{ phaseId: 21, phaseName: '冲刺一', seqNo: 1, tasks: [deck(201, 21, 2, '公式闪卡', [CARDS[1] as FlashCard])] }],
    4: [],
  };
  return mockFetch([
    ['POST', '/api/camp/statistics/campListByCollectionId', () => envelope(CAMPS)],
    ['POST', '/api/camp/phase', (_u, init) => envelope(phases[Number(jsonBody(init).campId)] ?? [])],
    [
      'POST',
      '/api/camp/add-phase-task',
      (_u, init) => {
        const body = jsonBody(init);
        const item = (body.taskList as { taskName: string; cards: FlashCard[] }[])[0];
        const made = deck(301, Number(body.phaseId), Number(body.campId), item?.taskName ?? '', item?.cards ?? []);
        return envelope([made]);
      },
    ],
    [
      'POST',
      '/api/camp/delete-phase-task',
      (_u, init) => {
        const body = jsonBody(init);
        const camp = phases[Number(body.campId)] ?? [];
        return envelope(camp.map((p) => ({ ...p, tasks: p.tasks.filter((t) => t.taskId !== body.taskId) })));
      },
    ],
    ['POST', '/api/camp/info', () => envelope(null)],
  ]);
}

describe('flash-card decks', () => {
  it('are the flash-card tasks of a camp, found by any of their words', () => {
    const camp = CAMPS[0];
    if (!camp) throw new Error('no camp');
    const decks = decksOf(camp, [
      { phaseId: 11, phaseName: '第一周', seqNo: 1, tasks: [deck(101, 11, 1, '概念闪卡'), phaseTask(102, 11)] },
    ]);
    expect(decks.map((d) => d.task.taskName)).toEqual(['概念闪卡']);
    expect(matchDecks(decks, '增量')).toHaveLength(1);
    expect(matchDecks(decks, '导数专题')).toHaveLength(1);
    expect(matchDecks(decks, '数列')).toHaveLength(0);
  });
});

describe('闪卡库', () => {
  it('lists every deck of my camps and previews one as students turn it', async () => {
    server();
    render(<FlashCardLibrary title="闪卡库" />, { route: '/easyLessonPreparation/flashcardLibrary' });
    const table = await screen.findByRole('table', { name: '闪卡库' });
    const row = await within(table).findByRole('row', { name: '概念闪卡' });
    expect(row).toHaveTextContent('导数专题营');
    expect(row).toHaveTextContent('第一周');
    expect(row).toHaveTextContent('已发布');
    expect(await within(table).findByRole('row', { name: '公式闪卡' })).toHaveTextContent('1');
    expect(within(table).queryByRole('row', { name: '任务102' })).not.toBeInTheDocument();
    expect(screen.getByText('共 2 组闪卡，3 张卡片')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: '关键词' }), '增量');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(within(table).queryByRole('row', { name: '公式闪卡' })).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: '预览：概念闪卡' }));
    const dialog = await screen.findByRole('dialog', { name: '预览：概念闪卡' });
    const card = within(dialog).getByRole('button', { name: /第1张闪卡，正面/ });
    expect(card).toHaveTextContent('导数的定义');
    await userEvent.click(card);
    expect(within(dialog).getByRole('button', { name: /第1张闪卡，背面/ })).toHaveTextContent(
      '函数增量与自变量增量之比的极限',
    );
    expect(within(dialog).queryByRole('button', { name: '完成' })).not.toBeInTheDocument();
  });

  it('copies a deck into a phase of another camp (never a shut one)', async () => {
    const fetch = server();
    render(<FlashCardLibrary title="闪卡库" />, { route: '/easyLessonPreparation/flashcardLibrary' });
    await userEvent.click(await screen.findByRole('button', { name: '复制到学习营：概念闪卡' }));
    const dialog = await screen.findByRole('dialog', { name: '复制「概念闪卡」' });
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请选择学习营');

    await userEvent.click(within(dialog).getByRole('textbox', { name: '学习营' }));
    expect(screen.queryByRole('option', { name: '已关闭营' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: '期末冲刺营' }));
    await userEvent.click(within(dialog).getByRole('textbox', { name: '阶段' }));
    await userEvent.click(await screen.findByRole('option', { name: '冲刺一' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/camp/add-phase-task')).toEqual([
        { campId: 2, phaseId: 21, taskList: [{ bizId: '', taskName: '概念闪卡', ext: '', taskType: 4, cards: CARDS }] },
      ]),
    );
    expect(await screen.findByText('已复制「概念闪卡」到学习营')).toBeInTheDocument();
  });
});

describe('闪卡', () => {
  it('makes a new deck in a chosen camp and phase', async () => {
    const fetch = server();
    render(<FlashCardWorkbench title="闪卡" />, { route: '/easyDevelop/Flashcards' });
    await screen.findByRole('row', { name: '概念闪卡' });
    await userEvent.click(screen.getByRole('button', { name: '新建闪卡' }));
    const target = await screen.findByRole('dialog', { name: '新建闪卡' });
    await userEvent.click(within(target).getByRole('textbox', { name: '学习营' }));
    await userEvent.click(screen.getByRole('option', { name: '导数专题营' }));
    await userEvent.click(within(target).getByRole('textbox', { name: '阶段' }));
    await userEvent.click(await screen.findByRole('option', { name: '第一周' }));
    await userEvent.click(within(target).getByRole('button', { name: '确定' }));

    const editor = await screen.findByRole('form', { name: '闪卡' });
    await userEvent.type(within(editor).getByRole('textbox', { name: '任务名称' }), '极限闪卡');
    await userEvent.type(within(editor).getByRole('textbox', { name: '第1张 正面' }), '极限');
    await userEvent.type(within(editor).getByRole('textbox', { name: '第1张 背面' }), '无限接近');
    await userEvent.click(within(editor).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/camp/add-phase-task')).toHaveLength(1));
    expect(bodiesOf(fetch, '/api/camp/add-phase-task')[0]).toMatchObject({
      campId: 1,
      phaseId: 11,
      taskList: [{ taskName: '极限闪卡', taskType: 4, cards: [{ front: '极限', back: '无限接近' }] }],
    });
    expect(await screen.findByRole('row', { name: '极限闪卡' })).toBeInTheDocument();
  });

  it('deletes a deck after asking', async () => {
    const fetch = server();
    render(<FlashCardWorkbench title="闪卡" />, { route: '/easyDevelop/Flashcards' });
    await userEvent.click(await screen.findByRole('button', { name: '删除：公式闪卡' }));
    const dialog = await screen.findByRole('dialog', { name: '删除闪卡' });
    expect(dialog).toHaveTextContent('确定删除「公式闪卡」吗');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/camp/delete-phase-task')).toEqual([{ campId: 2, taskId: 201 }]));
    await waitFor(() => expect(screen.queryByRole('row', { name: '公式闪卡' })).not.toBeInTheDocument());
  });
});
