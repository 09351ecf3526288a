import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DriveStatistics as Stats } from '@/generated/DriveStatistics';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import { bodiesOf, envelope, mockFetch, render, screen, urlsOf, waitFor, within } from '@/testing/test-utils';
import { GIB } from '../test-helpers';
import { DriveStatistics } from './drive-statistics';

// the test DOM lays nothing out, so recharts would draw nothing: the bar chart lists its bars here.
vi.mock('@mantine/charts', () => ({
  BarChart: ({
    data,
    valueFormatter,
  }: {
    data: { type: string; count: number }[];
    valueFormatter: (v: number) => string;
  }) => (
    <ul aria-label="图表数据">
      {data.map((d) => (
        <li key={d.type}>{`${d.type} ${valueFormatter(d.count)}`}</li>
      ))}
    </ul>
  ),
}));

afterEach(() => vi.unstubAllGlobals());

const STATS: Stats = {
  quota: { used: 2.5 * GIB, limit: 10 * GIB },
  spaces: [
    {
      teamId: 0,
      name: '我的空间',
      items: 6,
      bytes: 3 * 1024 + 2 * 1024 * 1024,
      byType: [
        { typeCode: 0, count: 2, bytes: 0 },
        { typeCode: 1, count: 3, bytes: 3 * 1024 },
        { typeCode: 2, count: 1, bytes: 2 * 1024 * 1024 },
      ],
    },
    {
      teamId: 5,
      name: '数学教研组',
      items: 5,
      bytes: 1024,
      byType: [
        { typeCode: 0, count: 1, bytes: 0 },
        { typeCode: 1, count: 2, bytes: 1024 },
        { typeCode: 3, count: 2, bytes: 0 },
      ],
    },
  ],
  received: 4,
  sent: 2,
  recycle: 7,
};

const PATH = '/api/document/statistics';

function serve(stats: { current: Stats }) {
  return mockFetch([['POST', PATH, () => envelope(stats.current)]]);
}

const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('row', { name });

describe('知识库统计', () => {
  it('shows the quota, the shared and deleted items, each space by type with its total, and the types across spaces', async () => {
    const fetch = serve({ current: STATS });
    render(<DriveStatistics title="使用统计" />);
    expect(screen.getByRole('heading', { name: '使用统计' })).toBeInTheDocument();

    const storage = screen.getByRole('region', { name: '存储空间' });
    await waitFor(() => expect(within(storage).getByRole('group', { name: '已用' })).toHaveTextContent('2.5G'));
    expect(within(storage).getByRole('group', { name: '总量' })).toHaveTextContent('10G');
    expect(within(storage).getByRole('group', { name: '使用比例' })).toHaveTextContent('25.0%');

    const shared = screen.getByRole('region', { name: '共享与回收站' });
    expect(within(shared).getByRole('group', { name: '收到的' })).toHaveTextContent('4');
    expect(within(shared).getByRole('group', { name: '发出的' })).toHaveTextContent('2');
    expect(within(shared).getByRole('group', { name: '回收站' })).toHaveTextContent('7');

    const mine = screen.getByRole('table', { name: '我的空间：按类型' });
    expect(rowOf(mine, '文件夹')).toHaveTextContent('文件夹20B');
    expect(rowOf(mine, '文档')).toHaveTextContent('文档33K');
    expect(rowOf(mine, '音视频')).toHaveTextContent('音视频12M');
    // A type the space has none of still shows, as 0.
    expect(rowOf(mine, '题集')).toHaveTextContent('题集00B');
    // The total is the sum of the types: 2 + 3 + 1 items, 3K + 2M.
    expect(rowOf(mine, '合计')).toHaveTextContent('合计62M');
    expect(screen.getByRole('region', { name: '我的空间' })).toHaveTextContent('共 6 项');

    const team = screen.getByRole('table', { name: '数学教研组：按类型' });
    expect(rowOf(team, '题集')).toHaveTextContent('题集20B');
    expect(rowOf(team, '合计')).toHaveTextContent('合计51K');

    // Across the spaces: folders 2 + 1, documents 3 + 2, media 1, question sets 2 — 11 in all.
    const chart = within(screen.getByRole('region', { name: '各类型项目数（全部空间）' })).getByRole('list', {
      name: '图表数据',
    });
    const bars = within(chart)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(bars).toEqual(['文件夹 3', '文档 5', '音视频 1', '题集 2', '闪卡 0', '训练营 0', '讲义 0', '图片 0']);
    const total = bars.reduce((n, b) => n + Number(b.split(' ')[1]), 0);
    expect(total).toBe(STATS.spaces.reduce((n, s) => n + s.items, 0));

    // One call gives every figure.
    expect(urlsOf(fetch)).toEqual([PATH]);
    expect(bodiesOf(fetch, PATH)).toEqual([{}]);
  });

  it('reads the figures again when the drive changes', async () => {
    const stats = { current: STATS };
    const fetch = serve(stats);
    const { client, socket } = connectedClient();
    render(<DriveStatistics realtime={client} />);
    const shared = screen.getByRole('region', { name: '共享与回收站' });
    await waitFor(() => expect(within(shared).getByRole('group', { name: '回收站' })).toHaveTextContent('7'));

    stats.current = { ...STATS, recycle: 8 };
    socket.push('', 'magic_drive_changed', pushContent({ value: { teamId: 0, folderIds: [0] } }));
    await waitFor(() => expect(within(shared).getByRole('group', { name: '回收站' })).toHaveTextContent('8'));
    expect(bodiesOf(fetch, PATH)).toHaveLength(2);
  });
});
