import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampInfo } from '@/generated/CampInfo';
import { realtime } from '@/lib/realtime';
import { FakeSocket, pushContent } from '@/testing/fake-socket';
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
import { campInfo, campPhase } from '../test-helpers';
import { CampBuilder } from './camp-builder';

afterEach(() => {
  realtime.stop();
  FakeSocket.reset();
  vi.unstubAllGlobals();
});

function server(info: { current: CampInfo }) {
  return mockFetch([
    ['POST', '/api/camp/info', () => envelope(info.current)],
    ['POST', '/api/camp/phase', () => envelope([campPhase(10, [1, 2]), campPhase(20, [3])])],
    ['POST', '/api/camp/staging-rule', () => envelope([])],
    ['GET', '/api/camp/dict/publish-rule', () => envelope([])],
    ['GET', '/api/camp/publish/qrCode/getDpList', () => envelope([{ dpId: 0, dpName: '通用二维码', memberCount: 2 }])],
    [
      'GET',
      '/api/camp/publish/qrCode/getQrCode',
      (url) =>
        envelope({
          campId: 5,
          dpId: Number(url.searchParams.get('dpId')),
          dpName: '通用二维码',
          url: 'http://host/campJoin?token=abc',
          qrcode: 'data:image/svg+xml;base64,PHN2Zy8+',
          expireTime: Date.UTC(2026, 11, 24),
        }),
    ],
    ['POST', '/api/camp/publish', () => envelope((info.current = campInfo({ status: 1, statusName: '已发布' })))],
    ['POST', '/api/camp/pause', () => envelope((info.current = campInfo({ status: 3, statusName: '已暂停' })))],
  ]);
}

const toolbar = () => screen.getByRole('toolbar', { name: '营地操作' });
const actionNames = () =>
  within(toolbar())
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('the camp builder', () => {
  it('shows the phases and tasks; publishes a draft after confirming, then shows the join link', async () => {
    const info = { current: campInfo({ phaseCount: 2, taskCount: 3 }) };
    const fetch = server(info);
    render(<CampBuilder campId={5} />, { route: '/knowledgeRepository/training/camp/5' });
    expect(await screen.findByRole('heading', { name: '暑期数学营' })).toBeInTheDocument();
    const first = screen.getByRole('region', { name: '阶段：阶段10' });
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((t) => t.getAttribute('aria-label')),
    ).toEqual(['任务1', '任务2']);
    expect(within(first).getByRole('button', { name: '拖动排序：任务「任务1」' })).toBeInTheDocument();
    // A phase with one task has nothing to reorder.
    expect(
      within(screen.getByRole('region', { name: '阶段：阶段20' })).queryByRole('button', { name: /拖动排序：任务/ }),
    ).toBeNull();
    expect(screen.getByText('发布后可在这里获取学员加入的二维码和链接。')).toBeInTheDocument();
    expect(actionNames()).toEqual(['发布']);

    await userEvent.click(within(toolbar()).getByRole('button', { name: '发布' }));
    const dialog = screen.getByRole('dialog', { name: '发布营地' });
    await userEvent.click(within(dialog).getByRole('button', { name: '发布' }));
    expect(await screen.findByRole('img', { name: '加入二维码' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/camp/publish')).toEqual([{ campId: 5 }]);
    expect(screen.getByLabelText('加入链接')).toHaveValue('http://host/campJoin?token=abc');
    expect(actionNames()).toEqual(['撤回发布', '暂停', '关闭']);
    expect(screen.getByRole('link', { name: '查看统计' })).toHaveAttribute(
      'href',
      '/knowledgeRepository/training/trainingStatistics?campId=5',
    );
  });

  it('pauses with a reason for the students', async () => {
    const info = { current: campInfo({ status: 1, statusName: '已发布', memberCount: 2 }) };
    const fetch = server(info);
    render(<CampBuilder campId={5} />, { route: '/' });
    await screen.findByRole('heading', { name: '暑期数学营' });
    expect(actionNames()).toEqual(['暂停', '关闭']);
    await userEvent.click(within(toolbar()).getByRole('button', { name: '暂停' }));
    const dialog = screen.getByRole('dialog', { name: '暂停营地' });
    await userEvent.type(within(dialog).getByLabelText('原因（学员可见，可不填）'), ' 期中考试 ');
    await userEvent.click(within(dialog).getByRole('button', { name: '暂停' }));
    await waitFor(() => expect(actionNames()).toEqual(['恢复', '关闭']));
    expect(bodiesOf(fetch, '/api/camp/pause')).toEqual([{ campId: 5, reason: '期中考试' }]);
    expect(screen.getByText('营地已暂停，恢复后可继续分发二维码。')).toBeInTheDocument();
  });

  it('reads the camp again when a push says its structure or state changed, not for another camp or progress', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const info = { current: campInfo() };
    const fetch = server(info);
    realtime.start('teacher@demo.eduhub');
    const socket = FakeSocket.last();
    socket.open();
    render(<CampBuilder campId={5} />, { route: '/' });
    await screen.findByRole('heading', { name: '暑期数学营' });
    await waitFor(() => expect(urlsOf(fetch)).toContain('/api/camp/staging-rule'));
    fetch.mockClear();

    socket.push(1, 'magic_camp_changed', pushContent({ value: { campId: 6, kind: 'structure' } }));
    socket.push(2, 'magic_camp_changed', pushContent({ value: { campId: 5, kind: 'progress', memberId: 1 } }));
    await new Promise((r) => setTimeout(r, 50));
    expect(urlsOf(fetch)).toEqual([]);

    info.current = campInfo({ campName: '另一个标签页改的名' });
    socket.push(3, 'magic_camp_changed', pushContent({ value: { campId: 5, kind: 'structure' } }));
    expect(await screen.findByRole('heading', { name: '另一个标签页改的名' })).toBeInTheDocument();
    await waitFor(() => expect(urlsOf(fetch)).toEqual(expect.arrayContaining(['/api/camp/info', '/api/camp/phase'])));
  });
});
