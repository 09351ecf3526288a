import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBanner } from '@/generated/AdminBanner';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { fromLocalInput, toLocalInput } from './banner-schedule';
import { BANNER_TABLE, BannersPage } from './banners-page';

afterEach(() => vi.unstubAllGlobals());

const SAVE = '/api/admin/banner/save';

const banners: AdminBanner[] = [
  {
    id: 2,
    title: '暑期教研',
    backgroundColor: '#0ca678',
    redirectUrl: 'https://example.com/summer',
    imageFileId: 'img-2',
    sort: 2,
    active: true,
  },
  {
    id: 1,
    title: '新学期',
    backgroundColor: '#1c7ed6',
    redirectUrl: '/main/home',
    imageFileId: '',
    sort: 1,
    active: false,
  },
];

function server() {
  return mockFetch([
    ['GET', '/api/admin/banners', () => envelope({ banners, rotationMs: 3000 })],
    ['POST', SAVE, () => envelope(3)],
    ['POST', '/api/admin/banner/delete', () => envelope(true)],
    ['POST', '/api/admin/banner/rotation', () => envelope(true)],
  ]);
}

async function open() {
  render(<BannersPage />);
  const table = await screen.findByRole('table', { name: BANNER_TABLE });
  await within(table).findByRole('row', { name: '新学期' });
  return table;
}

describe('BannersPage', () => {
  it('lists the banners by order with their picture, and sets the rotation time', async () => {
    const fetch = server();
    const table = await open();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['新学期', '暑期教研']);
    expect(within(rows[1]!).getByRole('img', { name: '暑期教研 预览' })).toHaveAttribute(
      'src',
      '/api/home/banner/image/2',
    );
    expect(within(rows[0]!).getByText('已停用')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('展示中')).toBeInTheDocument();

    const seconds = screen.getByRole('textbox', { name: '轮播间隔（秒）' });
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '1');
    expect(screen.getByText('需在 2 到 60 秒之间')).toBeInTheDocument();
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '5');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/admin/banner/rotation')).toEqual([{ rotationMs: 5000 }]));
  });

  it('creates a banner drawn from its title and colour, with a schedule, and checks its link', async () => {
    const fetch = server();
    await open();
    await userEvent.click(screen.getByRole('button', { name: '新增横幅' }));
    const dialog = await screen.findByRole('dialog', { name: '新增横幅' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '标题' }), '期末复习');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '跳转链接' }), 'http://example.com');
    await userEvent.type(within(dialog).getByLabelText('开始时间'), '2026-06-01T08:00');
    await userEvent.type(within(dialog).getByLabelText('结束时间'), '2026-05-01T08:00');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('跳转链接需为站内路径（/…）或 https:// 地址')).toBeInTheDocument();
    expect(within(dialog).getByText('开始时间需早于结束时间')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: '跳转链接' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: '跳转链接' }), '/easyCorrect/paperAnalysis');
    await userEvent.clear(within(dialog).getByLabelText('结束时间'));
    await userEvent.type(within(dialog).getByLabelText('结束时间'), '2026-07-01T08:00');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, SAVE)).toEqual([
        {
          title: '期末复习',
          backgroundColor: '#1c7ed6',
          redirectUrl: '/easyCorrect/paperAnalysis',
          imageFileId: '',
          sort: 3,
          active: true,
          startsAt: new Date(2026, 5, 1, 8).getTime(),
          endsAt: new Date(2026, 6, 1, 8).getTime(),
        },
      ]),
    );
  });

  it('deletes a banner after a confirmation', async () => {
    const fetch = server();
    await open();
    await userEvent.click(screen.getByRole('button', { name: '删除 暑期教研' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '删除横幅' })).getByRole('button', { name: '删除' }),
    );
    await waitFor(() => expect(bodiesOf(fetch, '/api/admin/banner/delete')).toEqual([{ id: 2 }]));
  });
});

describe('banner schedule', () => {
  it('reads and writes datetime-local values in local time', () => {
    const ms = new Date(2026, 0, 9, 7, 5).getTime();
    expect(toLocalInput(ms)).toBe('2026-01-09T07:05');
    expect(fromLocalInput('2026-01-09T07:05')).toBe(ms);
    expect(toLocalInput(undefined)).toBe('');
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('2026-01-09')).toBeUndefined();
  });
});
