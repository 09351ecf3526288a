import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { teachingAid } from '../test-helpers';
import { TeachingAidSyllabus } from './teaching-aid-syllabus';

beforeEach(() => notifications.clean());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null }));
});

const AID = teachingAid(5, {
  title: '高考一轮复习',
  seriesName: '高考总复习',
  description: '函数与导数专题',
  paperId: 50,
  canEdit: true,
});

function server({ missing = false } = {}) {
  let aid = AID;
  return mockFetch([
    [
      'GET',
      '/api/teachingAuxiliary/queryInfoById',
      () => (missing ? envelope(null, 'A0404', '教辅不存在', 404) : envelope(aid)),
    ],
    [
      'POST',
      '/api/teachingAuxiliary/addOrUpdate',
      (_u, init) => {
        aid = { ...aid, ...jsonBody(init) };
        return envelope(aid);
      },
    ],
  ]);
}

function open(roleCode = 'teacher') {
  sessionStore.set((s) => ({
    ...s,
    user: userInfo({ roleList: [{ code: roleCode, name: roleCode, current: true, icon: '' }] }),
  }));
  render(<TeachingAidSyllabus aidId={5} title="一轮复习" fallbackTitle="教辅目录" />, {
    route: `/easyDevelop/teachingAidlibrary/syllabus/5?title=${encodeURIComponent('一轮复习')}`,
  });
}

describe('教辅目录', () => {
  it('shows the aid and links its paper, read-only for a teacher', async () => {
    const fetch = server();
    open();
    expect(await screen.findByRole('group', { name: '系列' })).toHaveTextContent('高考总复习');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/teachingAuxiliary/queryInfoById?id=5');
    expect(screen.getByRole('heading', { name: '一轮复习' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '简介' })).toHaveTextContent('函数与导数专题');
    expect(screen.getByText('已发布')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看内容' })).toHaveAttribute(
      'href',
      '/knowledgeSectionEdit?paperId=50&ver=0',
    );
    expect(screen.queryByRole('button', { name: '编辑信息' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回教辅库' })).toHaveAttribute('href', '/easyDevelop/teachingAidlibrary');
  });

  it('lets an editor change the aid', async () => {
    const fetch = server();
    open('admin');
    await userEvent.click(await screen.findByRole('button', { name: '编辑信息' }));
    expect(screen.getByRole('link', { name: '编辑内容' })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: '编辑教辅 · 高考一轮复习' });
    await userEvent.click(within(dialog).getByRole('radio', { name: '草稿' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingAuxiliary/addOrUpdate')).toEqual([
        { id: 5, seriesId: 1, title: '高考一轮复习', description: '函数与导数专题', status: 0 },
      ]),
    );
    expect(await screen.findByText('教辅已保存')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('草稿')).toBeInTheDocument();
  });

  it('says why an aid could not be read', async () => {
    server({ missing: true });
    open();
    expect(await screen.findByText('教辅不存在')).toBeInTheDocument();
  });
});
