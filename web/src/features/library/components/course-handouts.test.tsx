import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outlineLesson, outlineTree, OUTLINE_UNITS, teachingOutline } from '@/features/outline/test-helpers';
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
import { LIBRARY_TREE } from '../test-helpers';
import { LectureLibrary } from './lecture-library';

beforeEach(() => notifications.clean());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null, selection: null }));
});

const AUTUMN = teachingOutline(3, { name: '高一数学秋季', valid: true, status: 1 });
const WINTER = teachingOutline(4, { name: '高一数学寒假', valid: true, status: 1 });

function server({ viewMode = 'card' } = {}) {
  return mockFetch([
    ['POST', '/api/atlas/tree', () => envelope([])],
    ['POST', '/api/layoutSettings/query', () => envelope({ viewMode, pageSize: 20, sortBy: 'time' })],
    ['POST', '/api/layoutSettings/update', (_u, init) => envelope(jsonBody(init))],
    ['POST', '/api/library/queryLibraryTreeList', () => envelope(LIBRARY_TREE)],
    [
      'POST',
      '/api/library/outline/tree',
      (_u, init) =>
        envelope(
          Number(jsonBody(init).outlineId) === 4
            ? outlineTree(WINTER, [{ unitId: 40, title: '寒假单元', sort: 0, lessons: [outlineLesson(41, '复习课')] }])
            : outlineTree(AUTUMN),
        ),
    ],
    [
      'POST',
      '/api/library/outline/content',
      (_u, init) => {
        const lessonId = Number(jsonBody(init).lessonId);
        const lesson = OUTLINE_UNITS.flatMap((u) => u.lessons).find((l) => l.lessonId === lessonId);
        return envelope({
          outlineId: 3,
          unitTitle: '第一单元 集合与函数',
          lesson,
          sections:
            lessonId === 12
              ? {
                  handoutTitle: ['函数的概念讲义'],
                  knowledgeReview: ['函数 $f(x)=x^2$ 的定义域是 $\\mathbb{R}$', ''],
                  workedExamples: [],
                }
              : null,
        });
      },
    ],
    ['POST', '/api/library/copy', () => envelope([{ paperId: 77, paperName: '函数的概念讲义（副本）' }])],
  ]);
}

function open() {
  sessionStore.set((s) => ({ ...s, user: userInfo(), selection: { stage: 4, subject: 54 } }));
  render(<LectureLibrary title="讲义库" />, { route: '/easyLessonPreparation/lectureLibrary' });
}

async function openCourses() {
  await userEvent.click(screen.getByRole('tab', { name: '课程讲义' }));
  return screen.findByRole('navigation', { name: '课程' });
}

describe('讲义库 · 课程讲义', () => {
  it('keeps lecture assembly as the first tab', async () => {
    const fetch = server();
    open();
    expect(screen.getByRole('heading', { name: '讲义库' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '组讲义' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: '组装讲义' })).toBeDisabled();
    expect(bodiesOf(fetch, '/api/library/queryLibraryTreeList')).toEqual([]);
  });

  it('shows the library by class type, an outline’s lessons as cards, and a lesson’s content', async () => {
    const fetch = server();
    open();
    const nav = await openCourses();
    expect(within(nav).getByRole('group', { name: '班课' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/library/queryLibraryTreeList')).toEqual([{ subject: 54, stage: 4 }]);
    // The first outline opens.
    expect(await screen.findByRole('heading', { name: '高一数学秋季' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: '高一数学秋季' })).toHaveAttribute('aria-current', 'true');
    const unit = screen.getByRole('region', { name: '第一单元 集合与函数' });
    const card = within(unit).getByRole('article', { name: '函数的概念' });
    expect(within(card).getByText('2 课时')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '函数的概念讲义' })).toHaveAttribute(
      'href',
      '/knowledgeSectionEdit?paperId=50&ver=0',
    );

    await userEvent.click(within(card).getByRole('button', { name: '预览' }));
    const preview = await screen.findByRole('dialog', { name: '第一单元 集合与函数 · 函数的概念' });
    const review = within(preview).getByRole('region', { name: '知识梳理' });
    expect(review.querySelector('.math-inline')).toHaveAttribute('data-latex', 'f(x)=x^2');
    expect(within(preview).queryByRole('region', { name: '例题精讲' })).not.toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/library/outline/content')).toEqual([{ lessonId: 12 }]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const first = within(unit).getByRole('article', { name: '集合的概念' });
    await userEvent.click(within(first).getByRole('button', { name: '预览' }));
    expect(await screen.findByText('这个课次还没有讲义')).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('button', { name: '高一数学寒假' }));
    expect(await screen.findByRole('region', { name: '寒假单元' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/library/outline/tree')).toEqual([{ outlineId: 3 }, { outlineId: 4 }]);
  });

  it('copies the outline’s handouts into mine and links the copies to the editor', async () => {
    const fetch = server();
    open();
    await openCourses();
    await userEvent.click(await screen.findByRole('button', { name: '复制讲义到我的' }));
    const copies = await screen.findByRole('list', { name: '复制的讲义' });
    expect(within(copies).getByRole('link', { name: '函数的概念讲义（副本）' })).toHaveAttribute(
      'href',
      '/knowledgeSectionEdit?paperId=77&ver=0',
    );
    expect(bodiesOf(fetch, '/api/library/copy')).toEqual([{ outlineId: 3 }]);
    expect(await screen.findByText('已复制 1 份讲义到我的讲义')).toBeInTheDocument();
  });

  it('shows the layout the server keeps and saves a new one', async () => {
    const fetch = server({ viewMode: 'list' });
    open();
    await openCourses();
    const unit = await screen.findByRole('region', { name: '第一单元 集合与函数' });
    expect(within(unit).getByRole('table', { name: '第一单元 集合与函数的课次' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '列表' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: '卡片' }));
    expect(await within(unit).findByRole('article', { name: '函数的概念' })).toBeInTheDocument();
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/layoutSettings/update')).toEqual([
        { viewMode: 'card', pageSize: 20, sortBy: 'time' },
      ]),
    );

    await userEvent.click(screen.getByRole('textbox', { name: '排序' }));
    await userEvent.click(await screen.findByRole('option', { name: '按名称' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/layoutSettings/update').at(-1)).toEqual({
        viewMode: 'card',
        pageSize: 20,
        sortBy: 'name',
      }),
    );
    const names = within(screen.getByRole('group', { name: '班课' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['高一数学寒假', '高一数学秋季']);
  });
});
