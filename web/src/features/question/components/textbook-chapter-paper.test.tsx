import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOK_TREE, CHAPTERS, chapter, textbook } from '@/features/teaching-material/test-helpers';
import type { BasketList } from '@/generated/BasketList';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { basketEnums, bodiesOf, jsonBody, pageOf, questionView } from '../test-helpers';
import { chapterPoints, findChapter } from '../textbook-chapters';
import { TextbookChapterPaper } from './textbook-chapter-paper';

beforeEach(() => sessionStore.set((s) => ({ ...s, user: userInfo(), selection: { stage: 4, subject: 54 } })));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null, selection: null }));
});

const BOOK_WITH_EMPTY_CHAPTER = [...CHAPTERS, chapter(30, '第三章 数列', 0)];

function server() {
  let basket: number[] = [];
  const basketList = (): BasketList => ({
    total: basket.length,
    limit: 100,
    groups: basket.length
      ? [{ questionType: 1, typeName: '单选题', questions: basket.map((id) => questionView(id, { inBasket: true })) }]
      : [],
  });
  return mockFetch([
    ['POST', '/api/book/bookTree', () => envelope(BOOK_TREE)],
    [
      'POST',
      '/api/book/chapterTree',
      (_u, init) =>
        envelope({
          textbook: textbook(Number(jsonBody(init).textbookId), { name: '人教版高中数学必修一' }),
          chapters: BOOK_WITH_EMPTY_CHAPTER,
        }),
    ],
    ['POST', '/api/basket/question/enums', () => envelope(basketEnums)],
    ['POST', '/api/basket/question/list', () => envelope(basketList())],
    [
      'POST',
      '/api/basket/add',
      (_u, init) => {
        basket = [...basket, ...(jsonBody(init).questionIds as number[])];
        return envelope({ total: basket.length });
      },
    ],
    [
      'POST',
      '/api/paper/search',
      (_u, init) => {
        const ids = jsonBody(init).knowledgeIds as number[];
        const records = ids.includes(121) ? [questionView(5, { stem: '求 $y=x^3$ 的导数' })] : [questionView(1)];
        return envelope({ ...pageOf(records, records.length, 1, 10), terms: [] });
      },
    ],
    [
      'POST',
      '/api/paper/class/search',
      () =>
        envelope({
          total: 1,
          types: [{ code: 1, count: 1 }],
          difficulties: [{ code: 3, count: 1 }],
          knowledgePoints: [],
        }),
    ],
  ]);
}

describe('textbook chapters', () => {
  it('search a chapter by its own points and its sections’', () => {
    const first = findChapter(CHAPTERS, 10);
    expect(first && chapterPoints(first)).toEqual([
      { id: 110, name: '函数' },
      { id: 111, name: '函数的概念' },
    ]);
    expect(findChapter(CHAPTERS, 12)?.name).toBe('1.2 函数的概念');
    expect(findChapter(CHAPTERS, 99)).toBeNull();
  });
});

describe('教材章节', () => {
  it('opens the header’s first textbook at its first chapter and searches its points', async () => {
    const fetch = server();
    render(<TextbookChapterPaper title="教材章节" />);
    const nav = await screen.findByRole('navigation', { name: '章节' });
    expect(within(nav).getByRole('button', { name: /第一章 集合与函数/ })).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByRole('region', { name: '题目列表' })).toBeInTheDocument();
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/paper/search')[0]).toMatchObject({
        subject: 54,
        stage: 4,
        knowledgeIds: [110, 111],
      }),
    );
    expect(bodiesOf(fetch, '/api/book/chapterTree')).toEqual([{ textbookId: 3 }]);

    await userEvent.click(within(nav).getByRole('button', { name: /第二章 导数/ }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/paper/search').at(-1)).toMatchObject({ knowledgeIds: [121] }));
    expect(screen.getByRole('list', { name: '第二章 导数的知识点' })).toHaveTextContent('导数的概念');
  });

  it('puts a question into the basket, counted in the header', async () => {
    const fetch = server();
    render(<TextbookChapterPaper title="教材章节" />);
    const list = await screen.findByRole('region', { name: '题目列表' });
    await userEvent.click(await within(list).findByRole('button', { name: '加入试题篮' }));
    await waitFor(() => expect(screen.getByLabelText('试题篮题数')).toHaveTextContent('1'));
    expect(bodiesOf(fetch, '/api/basket/add')).toEqual([{ questionIds: [1] }]);
  });

  it('says a chapter without points cannot be searched', async () => {
    const fetch = server();
    render(<TextbookChapterPaper title="教材章节" />);
    const nav = await screen.findByRole('navigation', { name: '章节' });
    await userEvent.click(within(nav).getByRole('button', { name: /第三章 数列/ }));
    expect(await screen.findByText(/该章节尚未关联知识点/)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/paper/search').some((b) => (b.knowledgeIds as number[]).length === 0)).toBe(false);
  });
});
