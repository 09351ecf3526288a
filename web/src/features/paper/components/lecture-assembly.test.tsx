import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AtlasNodeView } from '@/generated/AtlasNodeView';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { LectureAssembly, NOTHING_CHOSEN_TEXT } from './lecture-assembly';
import { bodyOf } from './test-helpers';

const node = (
  id: number,
  name: string,
  parentId: number,
  treeId: number,
  children: AtlasNodeView[] = [],
): AtlasNodeView => ({
  id,
  treeId,
  parentId,
  name,
  summary: parentId ? `${name}的要点` : '',
  children,
});

const senior: AtlasNodeView[] = [
  node(110, '函数', 0, 1, [node(111, '函数的概念与表示', 110, 1), node(112, '指数函数', 110, 1)]),
  node(120, '导数及其应用', 0, 1, [node(121, '导数的概念', 120, 1), node(122, '导数的运算', 120, 1)]),
];
const junior: AtlasNodeView[] = [node(210, '数与式', 0, 2, [node(211, '实数', 210, 2)])];

beforeEach(() => {
  sessionStore.set((s) => ({ ...s, user: userInfo(), selection: { stage: 4, subject: 54 } }));
});
afterEach(() => {
  sessionStore.set((s) => ({ ...s, user: null, selection: null }));
  vi.unstubAllGlobals();
});

function server() {
  return mockFetch([
    ['POST', '/api/atlas/tree', (_u, init) => envelope(bodyOf(init).stage === 4 ? senior : junior)],
    [
      'POST',
      '/api/paper/package',
      () => envelope({ paperId: 42, paperList: [{ paperId: 42, paperName: '导数及其应用讲义' }] }),
    ],
  ]);
}

function open() {
  const router = createMemoryRouter(
    [
      { path: '/easyLessonPreparation/lectureLibrary', element: <LectureAssembly /> },
      { path: '/knowledgeSectionEdit', element: <p>讲义编辑</p> },
    ],
    { initialEntries: ['/easyLessonPreparation/lectureLibrary'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([u]) => u === path).map(([, init]) => bodyOf(init));

describe('LectureAssembly', () => {
  it('shows the atlas of the chosen stage and subject as a tree of checkboxes', async () => {
    const fetch = server();
    open();
    const tree = await screen.findByRole('group', { name: '知识图谱' });
    expect(within(tree).getByRole('checkbox', { name: '导数及其应用' })).toBeInTheDocument();
    expect(within(tree).getByRole('checkbox', { name: '导数的概念' })).toBeInTheDocument();
    expect(within(tree).getByText('导数的概念的要点')).toBeInTheDocument();
    expect(calls(fetch, '/api/atlas/tree')).toEqual([{ subject: 54, stage: 4 }]);
    expect(screen.getByRole('textbox', { name: '学段' })).toHaveValue('高中');
    expect(screen.getByRole('textbox', { name: '学科' })).toHaveValue('数学');
    expect(screen.getByRole('textbox', { name: '讲义类型' })).toHaveValue('讲义');

    await userEvent.click(screen.getByRole('textbox', { name: '学段' }));
    await userEvent.click(await screen.findByRole('option', { name: '初中' }));
    expect(
      await within(screen.getByRole('group', { name: '知识图谱' })).findByRole('checkbox', { name: '实数' }),
    ).toBeInTheDocument();
    expect(calls(fetch, '/api/atlas/tree')).toContainEqual({ subject: 54, stage: 3 });
  });

  it('needs a selection, then packages it and opens the new paper', async () => {
    const fetch = server();
    const router = open();
    const tree = await screen.findByRole('group', { name: '知识图谱' });
    const button = screen.getByRole('button', { name: '组装讲义' });
    expect(button).toBeDisabled();
    expect(screen.getByText(NOTHING_CHOSEN_TEXT)).toBeInTheDocument();

    // A point makes its chapter indeterminate; checking the chapter takes all its points.
    await userEvent.click(within(tree).getByRole('checkbox', { name: '导数的概念' }));
    expect(within(tree).getByRole('checkbox', { name: '导数及其应用' })).toHaveAttribute('data-indeterminate', 'true');
    await userEvent.click(within(tree).getByRole('checkbox', { name: '导数及其应用' }));
    expect(within(tree).getByRole('checkbox', { name: '导数的运算' })).toBeChecked();
    expect(screen.getByText('已选 2 个知识点')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('textbox', { name: '讲义类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '教材库' }));
    await userEvent.click(screen.getByRole('textbox', { name: '讲义类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '讲义' }));

    expect(button).toBeEnabled();
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/knowledgeSectionEdit'));
    expect(router.state.location.search).toBe('?paperId=42&ver=0');
    expect(calls(fetch, '/api/paper/package')).toEqual([
      { paperList: [{ atlasId: 120 }], subject: 54, stage: 4, paperType: 5, treeId: 1 },
    ]);
  });
});
