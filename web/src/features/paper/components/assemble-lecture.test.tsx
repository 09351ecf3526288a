import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { atlasTree, baseDicInfo, NODES, questionView } from '@/features/question/test-helpers';
import type { BasketList } from '@/generated/BasketList';
import type { QuestionView } from '@/generated/QuestionView';
import {
  bodiesOf,
  envelope,
  mockFetch,
  render,
  screen,
  urlsOf,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { assembleLecturePath, parseAssembleParams } from '../assemble-params';
import { AssembleLecture } from './assemble-lecture';

afterEach(() => vi.unstubAllGlobals());

const PATTERN =
  '/easyLessonPreparation/lectureLibrary/assembleLecture/:any/:subject/:stage/:atlasType/:schoolId/:knwDirId';

function server(basket: QuestionView[] = []) {
  const list: BasketList = {
    total: basket.length,
    limit: 100,
    groups: basket.length ? [{ questionType: 1, typeName: '单选题', questions: basket }] : [],
  };
  return mockFetch([
    ['POST', '/api/dic/queryBaseDicInfo', () => envelope(baseDicInfo)],
    [
      'POST',
      '/api/dict/atlas/list',
      () =>
        envelope([atlasTree(1, { name: '高中数学知识图谱' }), atlasTree(2, { name: '教材章节图谱', atlasType: 2 })]),
    ],
    ['POST', '/api/atlas/tree/queryByTreeId', () => envelope({ tree: atlasTree(1), nodes: NODES })],
    [
      'POST',
      '/api/paper/package',
      () => envelope({ paperId: 42, paperList: [{ paperId: 42, paperName: '导数讲义' }] }),
    ],
    ['POST', '/api/basket/question/list', () => envelope(list)],
    [
      'POST',
      '/api/basket/assemble',
      () => envelope({ paperId: 43, paperList: [{ paperId: 43, paperName: '期中复习' }] }),
    ],
  ]);
}

function open(entry: string) {
  const router = createMemoryRouter(
    [
      { path: PATTERN, element: <AssembleLecture title="组讲义" /> },
      { path: '/knowledgeSectionEdit', element: <p>讲义编辑页</p> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('组讲义 links', () => {
  it('read the path and refuse values that are not numbers', () => {
    expect(parseAssembleParams({ subject: '54', stage: '4', atlasType: '1', knwDirId: '120' })).toEqual({
      ok: true,
      value: { subject: 54, stage: 4, atlasType: 1, knwDirId: 120 },
    });
    expect(parseAssembleParams({ subject: 'x', stage: '4', atlasType: '1', knwDirId: '0' })).toEqual({
      ok: false,
      error: '链接中的学科或学段无效。',
    });
    expect(parseAssembleParams({ subject: '54', stage: '4', atlasType: '-1', knwDirId: '0' }).ok).toBe(false);
    expect(assembleLecturePath({ subject: 54, stage: 4 }, { basket: true })).toBe(
      '/easyLessonPreparation/lectureLibrary/assembleLecture/0/54/4/0/0/0?tab=basket',
    );
  });
});

describe('组讲义', () => {
  it('opens the tree of the link’s atlas type at its directory and packages the checked points', async () => {
    const fetch = server();
    const router = open(assembleLecturePath({ subject: 54, stage: 4, atlasType: 1, knwDirId: 120 }));
    await waitFor(() => expect(screen.getByLabelText('学段学科')).toHaveTextContent('高中数学'));
    expect(screen.getByLabelText('图谱类型')).toHaveTextContent('知识图谱');
    const tree = screen.getByRole('group', { name: '知识点' });
    expect(await within(tree).findByRole('checkbox', { name: '导数及其应用' })).toBeInTheDocument();
    expect(within(tree).getByText('12 题')).toBeInTheDocument();
    expect(within(tree).queryByRole('checkbox', { name: '函数' })).not.toBeInTheDocument();
    // Only trees of the link's type are offered.
    await userEvent.click(screen.getByRole('textbox', { name: '图谱' }));
    expect(screen.queryByRole('option', { name: '教材章节图谱' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    expect(screen.getByRole('button', { name: '组装讲义' })).toBeDisabled();
    await userEvent.click(within(tree).getByRole('checkbox', { name: '导数及其应用' }));
    expect(screen.getByText('已选 1 个知识点')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '组装讲义' }));
    expect(await screen.findByText('讲义编辑页')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?paperId=42&ver=0');
    expect(bodiesOf(fetch, '/api/paper/package')).toEqual([
      { paperList: [{ atlasId: 120 }], subject: 54, stage: 4, paperType: 5, treeId: 1 },
    ]);
  });

  it('shows the whole tree when the directory is not in it', async () => {
    server();
    open(assembleLecturePath({ subject: 54, stage: 4, knwDirId: 999 }));
    expect(await screen.findByText('链接中的知识目录不在所选图谱中，已显示整棵图谱。')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '函数' })).toBeInTheDocument();
  });

  it('assembles the basket into a handout of the link’s subject and stage', async () => {
    const fetch = server([questionView(1), questionView(2)]);
    const router = open(assembleLecturePath({ subject: 54, stage: 4 }, { basket: true }));
    const group = await screen.findByRole('group', { name: '单选题' });
    expect(within(group).getAllByText(/处的导数是/)).toHaveLength(2);
    const title = screen.getByRole('textbox', { name: '讲义标题' });
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: '组讲义' }));
    expect(screen.getByText('请输入讲义标题')).toBeInTheDocument();
    await userEvent.type(title, '导数复习');
    await userEvent.click(screen.getByRole('button', { name: '组讲义' }));
    expect(await screen.findByText('讲义编辑页')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?paperId=43&ver=0');
    expect(bodiesOf(fetch, '/api/basket/assemble')).toEqual([{ subject: 54, stage: 4, title: '导数复习' }]);
  });

  it('says when the basket holds questions of another subject or stage', async () => {
    server([questionView(1), questionView(2, { subject: 56 })]);
    open(assembleLecturePath({ subject: 54, stage: 4 }, { basket: true }));
    expect(await screen.findByRole('alert')).toHaveTextContent('试题篮中有 1 道题不属于本讲义的学段学科');
    expect(screen.getByRole('button', { name: '组讲义' })).toBeDisabled();
  });

  it('refuses a link whose subject is not a number', async () => {
    const fetch = server();
    open('/easyLessonPreparation/lectureLibrary/assembleLecture/0/abc/4/1/1/0');
    expect(await screen.findByText('链接中的学科或学段无效。')).toBeInTheDocument();
    expect(urlsOf(fetch).filter((u) => u.includes('atlas'))).toEqual([]);
  });
});
