import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf } from '@/features/question/test-helpers';
import { teachingAid } from '@/features/teaching-aid/test-helpers';
import { BOOK_TREE, chapter, CHAPTERS, textbook } from '@/features/teaching-material/test-helpers';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
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
import { TeachingMaterial } from './teaching-material';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null, selection: null }));
});

function server() {
  return mockFetch([
    ['POST', '/api/book/bookTree', () => envelope(BOOK_TREE)],
    [
      'POST',
      '/api/book/chapterTree',
      (_u, init) => {
        const id = Number(jsonBody(init).textbookId);
        return id === 3
          ? envelope({
              textbook: textbook(3, { name: '人教版高中数学必修一', description: '新课标' }),
              chapters: CHAPTERS,
            })
          : envelope({
              textbook: textbook(id, { name: '初中数学七年级上', stage: 3, edition: '北师大版', grade: '七年级' }),
              chapters: [chapter(40, '第一章 有理数', 0, [], { questionCount: 3 })],
            });
      },
    ],
    [
      'POST',
      '/api/teachingAuxiliary/queryListForPrepareLesson',
      () =>
        envelope(
          pageOf([
            teachingAid(5, {
              title: '高考一轮复习',
              seriesName: '高考总复习',
              description: '函数与导数专题',
              paperId: 50,
            }),
          ]),
        ),
    ],
  ]);
}

function open() {
  sessionStore.set((s) => ({ ...s, user: userInfo(), selection: { stage: 4, subject: 54 } }));
  render(<TeachingMaterial title="教辅资料" />, { route: '/easyLessonPreparation/teachingMaterial' });
}

describe('教辅资料', () => {
  it('opens the published book of the header’s subject with its chapters, and another book chosen', async () => {
    const fetch = server();
    open();
    const books = await screen.findByRole('navigation', { name: '教材' });
    expect(within(books).getByRole('group', { name: '高中' })).toHaveTextContent(
      '数学人教版高中数学必修一人教版高中数学必修二',
    );
    const tree = await screen.findByRole('tree', { name: '章节' });
    expect(bodiesOf(fetch, '/api/book/chapterTree')).toEqual([{ textbookId: 3 }]);
    expect(within(books).getByRole('button', { name: '人教版高中数学必修一' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { name: '人教版高中数学必修一' })).toBeInTheDocument();
    expect(screen.getByText('新课标')).toBeInTheDocument();
    expect(within(tree).getByRole('treeitem', { name: '第二章 导数' })).toHaveTextContent('导数的概念12 题');
    expect(screen.queryByRole('button', { name: /^章节操作/ })).not.toBeInTheDocument();

    await userEvent.click(within(books).getByRole('button', { name: '初中数学七年级上' }));
    expect(await screen.findByRole('treeitem', { name: '第一章 有理数' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/book/chapterTree').at(-1)).toEqual({ textbookId: 5 });
    expect(screen.getByText('北师大版')).toBeInTheDocument();
  });

  it('lists the published teaching aids of a stage and subject, whose content opens in the editor', async () => {
    const fetch = server();
    open();
    await userEvent.click(screen.getByRole('tab', { name: '教辅' }));
    const row = await screen.findByRole('row', { name: '高考一轮复习' });
    expect(bodiesOf(fetch, '/api/teachingAuxiliary/queryListForPrepareLesson')).toEqual([
      { subject: 54, stage: 4, pageNo: 1, pageSize: 20 },
    ]);
    expect(within(row).getByText('高考总复习')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: '高考一轮复习' })).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '查看内容' })).toHaveAttribute(
      'href',
      '/knowledgeSectionEdit?paperId=50&ver=0',
    );
    expect(within(row).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: '关键词' }), '一轮');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingAuxiliary/queryListForPrepareLesson').at(-1)).toEqual({
        subject: 54,
        stage: 4,
        keyword: '一轮',
        pageNo: 1,
        pageSize: 20,
      }),
    );
  });
});
