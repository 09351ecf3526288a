import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaperDetail } from '@/generated/PaperDetail';
import { createTestQueryClient, envelope, mockFetch, render, screen, userEvent } from '@/testing/test-utils';
import { paperKeys } from '../api/handout';
import { PaperTitle } from './paper-title';
import { bodyOf, paperDetail } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

describe('PaperTitle', () => {
  it('renames the paper through paper/save after checking the length', async () => {
    const fetch = mockFetch([
      ['POST', '/api/paper/save', (_u, init) => envelope(paperDetail({ paperTitle: String(bodyOf(init).paperTitle) }))],
    ]);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(paperKeys.detail(7, 0), paperDetail());
    render(<PaperTitle paperId={7} title="导数及其应用讲义" canEdit />, { queryClient });
    await userEvent.click(screen.getByRole('button', { name: '重命名' }));
    const input = screen.getByRole('textbox', { name: '讲义名称' });
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByText('讲义标题需为1到100个字符')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(input, '  导数复习讲义 {Enter}');
    expect(await screen.findByText('讲义名称已保存')).toBeInTheDocument();
    expect(bodyOf(fetch.mock.calls[0]![1])).toEqual({ paperId: 7, paperTitle: '导数复习讲义' });
    // The live detail takes the saved title.
    expect(queryClient.getQueryData<PaperDetail>(paperKeys.detail(7, 0))?.paperTitle).toBe('导数复习讲义');
  });

  it('offers no renaming without the right to edit', () => {
    render(<PaperTitle paperId={7} title="导数及其应用讲义" canEdit={false} />);
    expect(screen.getByRole('heading', { name: '导数及其应用讲义' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重命名' })).not.toBeInTheDocument();
  });
});
