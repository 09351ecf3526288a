import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { baseDicInfo, pageOf } from '@/features/question/test-helpers';
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
import { CLASS_TYPES, textbook } from '../test-helpers';
import { TextbookLibrary } from './textbook-library';

beforeEach(() => notifications.clean());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null, selection: null }));
});

const BOOKS = [
  textbook(3, { name: '人教版高中数学必修一', chapterCount: 5, canEdit: true }),
  textbook(4, { name: '北师大版高中数学必修二', edition: '北师大版', status: 0, classTypes: [3], canEdit: true }),
];

function server({ refuseSave = false } = {}) {
  return mockFetch([
    ['POST', '/api/dic/queryBaseDicInfo', () => envelope(baseDicInfo)],
    ['GET', '/api/teachingMaterial/queryConfigClassTypeList', () => envelope(CLASS_TYPES)],
    ['POST', '/api/teachingMaterial/queryList', () => envelope(pageOf(BOOKS, 2, 1, 20))],
    [
      'POST',
      '/api/teachingMaterial/addOrUpdate',
      (_u, init) =>
        refuseSave
          ? envelope(null, 'A0409', '已有同名教材', 409)
          : envelope(textbook(Number(jsonBody(init).id ?? 9), { ...jsonBody(init), canEdit: true })),
    ],
  ]);
}

function open(roleCode = 'teacher') {
  sessionStore.set((s) => ({
    ...s,
    user: userInfo({ roleList: [{ code: roleCode, name: roleCode, current: true, icon: '' }] }),
    selection: { stage: 4, subject: 54 },
  }));
  render(<TextbookLibrary title="教材库" />, { route: '/easyDevelop/textbookLibrary' });
}

describe('教材库', () => {
  it('lists the published textbooks read-only for a teacher, each linking to its chapters', async () => {
    const fetch = server();
    open();
    const row = await screen.findByRole('row', { name: '人教版高中数学必修一' });
    expect(bodiesOf(fetch, '/api/teachingMaterial/queryList')).toEqual([
      { subject: 54, stage: 4, pageNo: 1, pageSize: 20 },
    ]);
    expect(within(row).getByText('一对一、班课')).toBeInTheDocument();
    expect(within(row).getByText('已发布')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '目录' })).toHaveAttribute(
      'href',
      `/easyDevelop/textbookLibrary/syllabus/3?title=${encodeURIComponent('人教版高中数学必修一')}`,
    );
    expect(within(row).getByRole('link', { name: '人教版高中数学必修一' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建教材' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: '教材状态' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '教辅库' })).toHaveAttribute('href', '/easyDevelop/teachingAidlibrary');
  });

  it('filters by status, class type and name for an editor', async () => {
    const fetch = server();
    open('operator');
    await screen.findByRole('row', { name: '北师大版高中数学必修二' });
    await userEvent.click(screen.getByRole('radio', { name: '草稿' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingMaterial/queryList').at(-1)).toEqual({
        subject: 54,
        stage: 4,
        status: 0,
        pageNo: 1,
        pageSize: 20,
      }),
    );
    await userEvent.click(screen.getByRole('textbox', { name: '课型' }));
    await userEvent.click(await screen.findByRole('option', { name: '小组课' }));
    await userEvent.type(screen.getByRole('textbox', { name: '关键词' }), '必修');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingMaterial/queryList').at(-1)).toEqual({
        subject: 54,
        stage: 4,
        name: '必修',
        status: 0,
        classType: 3,
        pageNo: 1,
        pageSize: 20,
      }),
    );
  });

  it('creates a textbook after checking its name, and edits one with its id', async () => {
    const fetch = server();
    open('admin');
    await screen.findByRole('row', { name: '人教版高中数学必修一' });
    await userEvent.click(screen.getByRole('button', { name: '新建教材' }));
    let dialog = await screen.findByRole('dialog', { name: '新建教材' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('请输入教材名称')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/teachingMaterial/addOrUpdate')).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: '教材名称' }), '人教版高中数学选修一');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '版本' }), '人教版');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '年级' }), '高二');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '班课' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '全日制' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: '简介' }), '选修内容');
    await userEvent.click(within(dialog).getByRole('radio', { name: '已发布' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingMaterial/addOrUpdate')).toEqual([
        {
          name: '人教版高中数学选修一',
          subject: 54,
          stage: 4,
          edition: '人教版',
          grade: '高二',
          classTypes: [2, 4],
          description: '选修内容',
          status: 1,
        },
      ]),
    );
    expect(await screen.findByText('教材已创建')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建教材' })).not.toBeInTheDocument());

    const row = screen.getByRole('row', { name: '北师大版高中数学必修二' });
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    dialog = await screen.findByRole('dialog', { name: '编辑教材 · 北师大版高中数学必修二' });
    expect(within(dialog).getByRole('textbox', { name: '版本' })).toHaveValue('北师大版');
    expect(within(dialog).getByRole('checkbox', { name: '小组课' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('textbox', { name: '学段' }));
    await userEvent.click(await screen.findByRole('option', { name: '初中' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingMaterial/addOrUpdate').at(-1)).toEqual({
        id: 4,
        name: '北师大版高中数学必修二',
        subject: 54,
        stage: 3,
        edition: '北师大版',
        grade: '高一',
        classTypes: [3],
        description: '',
        status: 0,
      }),
    );
    expect(await screen.findByText('教材已保存')).toBeInTheDocument();
  });

  it('keeps the form open with the server’s refusal', async () => {
    server({ refuseSave: true });
    open('admin');
    await screen.findByRole('row', { name: '人教版高中数学必修一' });
    await userEvent.click(screen.getByRole('button', { name: '新建教材' }));
    const dialog = await screen.findByRole('dialog', { name: '新建教材' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '教材名称' }), '人教版高中数学必修一');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('已有同名教材');
  });
});
