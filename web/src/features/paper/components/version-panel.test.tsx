import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { paperKeys } from '../api/handout';
import { bodyOf, paperDetail, paperVersion } from './test-helpers';
import { VersionPanel } from './version-panel';

afterEach(() => vi.unstubAllGlobals());

function panel(patch: Partial<Parameters<typeof VersionPanel>[0]> = {}) {
  const props = {
    paperId: 7,
    opened: true,
    onClose: vi.fn(),
    canEdit: true,
    currentVer: 0,
    onView: vi.fn(),
    onRestored: vi.fn(),
    ...patch,
  };
  const { queryClient } = render(<VersionPanel {...props} />);
  return { ...props, queryClient };
}

describe('VersionPanel', () => {
  it('lists the versions newest first with number, time and author, and saves a new one', async () => {
    let versions = [paperVersion(2, { createdBy: '李老师' }), paperVersion(1)];
    const fetch = mockFetch([
      ['POST', '/api/paper/version/list', () => envelope(versions)],
      [
        'POST',
        '/api/paper/createNewVersion',
        () => {
          versions = [paperVersion(3), ...versions];
          return envelope(versions[0]);
        },
      ],
    ]);
    const props = panel();
    const table = await screen.findByRole('table', { name: '版本列表' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['v2', 'v1']);
    const v2 = within(table).getByRole('row', { name: 'v2' });
    expect(within(v2).getByText('2026-11-22 09:02')).toBeInTheDocument();
    expect(within(v2).getByText('李老师')).toBeInTheDocument();
    expect(bodyOf(fetch.mock.calls[0]![1])).toEqual({ paperId: 7 });

    await userEvent.click(screen.getByRole('button', { name: '保存版本' }));
    expect(await screen.findByText('已保存版本 v3')).toBeInTheDocument();
    await within(table).findByRole('row', { name: 'v3' });
    expect(fetch.mock.calls.some(([u]) => u === '/api/paper/createNewVersion?paperId=7')).toBe(true);

    await userEvent.click(within(table).getByRole('button', { name: '查看 v1' }));
    expect(props.onView).toHaveBeenCalledWith(1);
  });

  it('restores a version only after the confirmation', async () => {
    const restored = paperDetail({ sections: { homework: [] } });
    const fetch = mockFetch([
      ['POST', '/api/paper/version/list', () => envelope([paperVersion(2), paperVersion(1)])],
      ['POST', '/api/paper/restore', () => envelope(restored)],
    ]);
    const props = panel();
    props.queryClient.setQueryData(paperKeys.detail(7, 0), paperDetail());
    const table = await screen.findByRole('table', { name: '版本列表' });
    await userEvent.click(within(table).getByRole('button', { name: '恢复 v1' }));
    const dialog = await screen.findByRole('dialog', { name: '恢复版本' });
    expect(within(dialog).getByText(/确定将讲义恢复到版本 v1 吗/)).toBeInTheDocument();

    // 取消 leaves everything as it was.
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '恢复版本' })).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([u]) => u === '/api/paper/restore')).toBe(false);

    await userEvent.click(within(table).getByRole('button', { name: '恢复 v1' }));
    await userEvent.click(await screen.findByRole('button', { name: '确定恢复' }));
    expect(await screen.findByText('已恢复到版本 v1')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([u]) => u === '/api/paper/restore')!;
    expect(bodyOf(call[1])).toEqual({ paperId: 7, versionNo: 1 });
    expect(props.onRestored).toHaveBeenCalledWith(1);
    // The live detail is what the server answered.
    expect(props.queryClient.getQueryData(paperKeys.detail(7, 0))).toEqual(restored);
  });

  it('offers neither saving nor restoring to a reader', async () => {
    mockFetch([['POST', '/api/paper/version/list', () => envelope([paperVersion(1)])]]);
    panel({ canEdit: false });
    const table = await screen.findByRole('table', { name: '版本列表' });
    expect(within(table).getByRole('button', { name: '查看 v1' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: '恢复 v1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存版本' })).not.toBeInTheDocument();
  });

  it('says when there is no version yet', async () => {
    mockFetch([['POST', '/api/paper/version/list', () => envelope([])]]);
    panel();
    expect(await screen.findByText('暂无版本')).toBeInTheDocument();
  });
});
