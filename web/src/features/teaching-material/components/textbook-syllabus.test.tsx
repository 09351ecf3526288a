import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atlasTree, NODES } from '@/features/question/test-helpers';
import type { TextbookChapter } from '@/generated/TextbookChapter';
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
import { flattenChapters } from '../chapters';
import { chapter, CHAPTERS, textbook } from '../test-helpers';
import { TextbookSyllabus } from './textbook-syllabus';

beforeEach(() => notifications.clean());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null }));
});

const BOOK = textbook(3, { name: '人教版高中数学必修一', canEdit: true });

function server({ empty = false, refuseInit = false } = {}) {
  let chapters: TextbookChapter[] = empty ? [] : CHAPTERS;
  return mockFetch([
    ['POST', '/api/teachingMaterial/queryChapter', () => envelope({ textbook: BOOK, chapters })],
    [
      'POST',
      '/api/teachingMaterial/chapter/init',
      () => {
        if (refuseInit) return envelope(null, 'A0409', '教材已有章节', 409);
        chapters = CHAPTERS;
        return envelope({ textbook: BOOK, chapters });
      },
    ],
    [
      'POST',
      '/api/teachingMaterial/chapter/save',
      (_u, init) => {
        const body = jsonBody(init);
        return envelope(chapter(Number(body.chapterId ?? 30), String(body.name), Number(body.parentId)));
      },
    ],
    [
      'POST',
      '/api/teachingMaterial/chapter/query',
      (_u, init) => envelope(flattenChapters(chapters).find((c) => c.id === Number(jsonBody(init).chapterId))),
    ],
    ['POST', '/api/teachingMaterial/chapter/delete', () => envelope(3)],
    ['POST', '/api/dict/atlas/list', () => envelope([atlasTree(1, { name: '高中数学知识图谱' })])],
    ['POST', '/api/atlas/tree/queryByTreeId', () => envelope({ tree: atlasTree(1), nodes: NODES })],
  ]);
}

function open(roleCode = 'teacher') {
  sessionStore.set((s) => ({
    ...s,
    user: userInfo({ roleList: [{ code: roleCode, name: roleCode, current: true, icon: '' }] }),
  }));
  render(<TextbookSyllabus textbookId={3} title="必修一目录" fallbackTitle="教材目录" />, {
    route: `/easyDevelop/textbookLibrary/syllabus/3?title=${encodeURIComponent('必修一目录')}`,
  });
}

async function chapterMenu(name: string, item: string) {
  await userEvent.click(screen.getByRole('button', { name: `章节操作：${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('教材目录', () => {
  it('shows the chapters with their points and questions, read-only for a teacher', async () => {
    const fetch = server();
    open();
    const tree = await screen.findByRole('tree', { name: '章节' });
    expect(screen.getByRole('heading', { name: '必修一目录' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/teachingMaterial/queryChapter')).toEqual([{ textbookId: 3 }]);
    const first = within(tree).getByRole('treeitem', { name: '第一章 集合与函数' });
    expect(within(first).getByRole('list', { name: '第一章 集合与函数的知识点' })).toHaveTextContent('函数');
    expect(within(first).getByText('9 题')).toBeInTheDocument();
    const section = within(first).getByRole('treeitem', { name: '1.2 函数的概念' });
    expect(within(section).getByText('函数的概念')).toBeInTheDocument();
    expect(within(section).getByText('6 题')).toBeInTheDocument();
    expect(screen.getByText('只读')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '添加章' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^章节操作/ })).not.toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: '收起第一章 集合与函数' }));
    expect(within(tree).queryByRole('treeitem', { name: '1.1 集合' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回教材库' })).toHaveAttribute('href', '/easyDevelop/textbookLibrary');
  });

  it('adds chapters and sections with points, renames, binds points and deletes for an editor', async () => {
    const fetch = server();
    open('admin');
    await screen.findByRole('tree', { name: '章节' });

    await userEvent.click(screen.getByRole('button', { name: '添加章' }));
    let dialog = await screen.findByRole('dialog', { name: '添加章' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('请输入章节名称')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '章节名称' }), '第三章 数列');
    await userEvent.click(within(dialog).getByRole('textbox', { name: '知识点' }));
    await userEvent.click(await screen.findByRole('option', { name: '函数 / 指数函数' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingMaterial/chapter/save')).toEqual([
        { textbookId: 3, parentId: 0, name: '第三章 数列', knowledgeIds: [112] },
      ]),
    );
    expect(await screen.findByText('已添加「第三章 数列」')).toBeInTheDocument();

    await chapterMenu('第二章 导数', '添加小节');
    dialog = await screen.findByRole('dialog', { name: '添加小节 · 第二章 导数' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '章节名称' }), '2.1 导数的概念');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingMaterial/chapter/save').at(-1)).toEqual({
        textbookId: 3,
        parentId: 20,
        name: '2.1 导数的概念',
        knowledgeIds: [],
      }),
    );

    // A section has no sections of its own.
    await userEvent.click(screen.getByRole('button', { name: '章节操作：1.1 集合' }));
    expect(await screen.findByRole('menuitem', { name: '重命名' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '添加小节' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await chapterMenu('1.2 函数的概念', '重命名');
    dialog = await screen.findByRole('dialog', { name: '重命名 · 1.2 函数的概念' });
    const name = await within(dialog).findByRole('textbox', { name: '章节名称' });
    expect(bodiesOf(fetch, '/api/teachingMaterial/chapter/query')).toEqual([{ chapterId: 12 }]);
    expect(name).toHaveValue('1.2 函数的概念');
    await userEvent.clear(name);
    await userEvent.type(name, '1.2 函数及其表示');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingMaterial/chapter/save').at(-1)).toEqual({
        textbookId: 3,
        chapterId: 12,
        parentId: 10,
        name: '1.2 函数及其表示',
        sort: 0,
        knowledgeIds: [111],
      }),
    );
    expect(await screen.findByText('已保存')).toBeInTheDocument();

    await chapterMenu('第二章 导数', '绑定知识点');
    dialog = await screen.findByRole('dialog', { name: '绑定知识点 · 第二章 导数' });
    await userEvent.click(await within(dialog).findByRole('textbox', { name: '知识点' }));
    await userEvent.click(await screen.findByRole('option', { name: '函数 / 函数的概念' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingMaterial/chapter/save').at(-1)).toEqual({
        textbookId: 3,
        chapterId: 20,
        parentId: 0,
        name: '第二章 导数',
        sort: 0,
        knowledgeIds: [121, 111],
      }),
    );

    await chapterMenu('第一章 集合与函数', '删除');
    const confirm = await screen.findByRole('dialog', { name: '删除章节' });
    expect(confirm).toHaveTextContent('确定删除「第一章 集合与函数」及其下 2 个小节吗？');
    await userEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/teachingMaterial/chapter/delete')).toEqual([{ chapterId: 10 }]));
    expect(await screen.findByText('已删除 3 个章节')).toBeInTheDocument();
  });

  it('initialises an empty textbook’s chapters from a knowledge tree', async () => {
    const fetch = server({ empty: true });
    open('operator');
    expect(await screen.findByText('还没有章节：点“添加章”逐一添加，或从知识图谱初始化。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '从知识图谱初始化' }));
    const dialog = await screen.findByRole('dialog', { name: '从知识图谱初始化' });
    await userEvent.click(within(dialog).getByRole('button', { name: '初始化' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请选择知识图谱');
    await userEvent.click(within(dialog).getByRole('textbox', { name: '知识图谱' }));
    await userEvent.click(await screen.findByRole('option', { name: '高中数学知识图谱（5 个知识点）' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '初始化' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingMaterial/chapter/init')).toEqual([{ textbookId: 3, treeId: 1 }]),
    );
    expect(await screen.findByText('已生成 2 章、2 个小节')).toBeInTheDocument();
    expect(await screen.findByRole('treeitem', { name: '第二章 导数' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '从知识图谱初始化' })).not.toBeInTheDocument();
  });

  it('shows why an initialisation was refused', async () => {
    server({ empty: true, refuseInit: true });
    open('admin');
    await userEvent.click(await screen.findByRole('button', { name: '从知识图谱初始化' }));
    const dialog = await screen.findByRole('dialog', { name: '从知识图谱初始化' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: '知识图谱' }));
    await userEvent.click(await screen.findByRole('option', { name: '高中数学知识图谱（5 个知识点）' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '初始化' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('教材已有章节');
  });
});
