import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@/testing/test-utils';
import { driveItem, driveServer, folder, GIB } from '../test-helpers';
import { DriveStatistics } from './drive-statistics';

describe('知识库统计', () => {
  it('shows the storage used, the shared and deleted items and each space’s folders and top items', async () => {
    driveServer({
      used: 2.5 * GIB,
      items: [
        folder(1, '教案'),
        folder(2, '第一单元', { parentId: 1, path: '/1/2/' }),
        driveItem(3, 'a.pdf'),
        folder(4, '组内资料', { teamId: 5 }),
        driveItem(5, '旧.pdf', { deletedTime: 1 }),
      ],
      received: [driveItem(6, '收到.pdf')],
    });
    render(<DriveStatistics title="使用统计" />);
    expect(screen.getByRole('heading', { name: '使用统计' })).toBeInTheDocument();
    const storage = screen.getByRole('region', { name: '存储空间' });
    await waitFor(() => expect(within(storage).getByRole('group', { name: '已用' })).toHaveTextContent('2.5G'));
    expect(within(storage).getByRole('group', { name: '使用比例' })).toHaveTextContent('25.0%');
    const shared = screen.getByRole('region', { name: '共享与回收站' });
    await waitFor(() => expect(within(shared).getByRole('group', { name: '收到的' })).toHaveTextContent('1'));
    expect(within(shared).getByRole('group', { name: '回收站' })).toHaveTextContent('1');
    const spaces = screen.getByRole('table', { name: '各空间' });
    await waitFor(() => expect(within(spaces).getByRole('row', { name: '我的空间' })).toHaveTextContent('我的空间22'));
    await waitFor(() =>
      expect(within(spaces).getByRole('row', { name: '数学教研组' })).toHaveTextContent('数学教研组11'),
    );
  });
});
