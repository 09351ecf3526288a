import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaperDetail } from '@/generated/PaperDetail';
import { createTestQueryClient, envelope, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import { paperKeys } from '../api/handout';
import { SettingsPanel } from './settings-panel';
import { bodyOf, paperDetail } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) => fetch.mock.calls.filter(([u]) => u === path);

/** Opens the panel over a cache holding the live detail; answers the cache. */
function open() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(paperKeys.detail(7, 0), paperDetail());
  render(
    <SettingsPanel
      paperId={7}
      opened
      onClose={() => {}}
      settings={{ fontFamily: 'Microsoft YaHei', fontSize: 14, lineHeight: 1.5 }}
    />,
    { queryClient },
  );
  return queryClient;
}

describe('SettingsPanel', () => {
  it('refuses font sizes and line heights out of range before calling the server', async () => {
    const fetch = mockFetch([
      ['POST', '/api/paper/headerInfo', () => envelope(paperDetail().headerInfo)],
      [
        'POST',
        '/api/paper/globalsetting/save',
        (_u, init) => {
          const { paperId: _, ...settings } = bodyOf(init);
          return envelope(settings);
        },
      ],
    ]);
    const queryClient = open();
    const form = screen.getByRole('form', { name: '版式设置' });
    const size = within(form).getByLabelText('字号');
    const height = within(form).getByLabelText('行距');
    await userEvent.clear(size);
    await userEvent.type(size, '40');
    await userEvent.clear(height);
    await userEvent.type(height, '3.5');
    await userEvent.click(within(form).getByRole('button', { name: '保存设置' }));
    expect(await within(form).findByText('字号需在10到32之间')).toBeInTheDocument();
    expect(within(form).getByText('行距需在1到3之间')).toBeInTheDocument();
    expect(calls(fetch, '/api/paper/globalsetting/save')).toHaveLength(0);

    await userEvent.clear(size);
    await userEvent.type(size, '18');
    await userEvent.clear(height);
    await userEvent.type(height, '2');
    await userEvent.click(within(form).getByRole('textbox', { name: '字体' }));
    await userEvent.click(await screen.findByRole('option', { name: '楷体' }));
    await userEvent.click(within(form).getByRole('button', { name: '保存设置' }));
    expect(await screen.findByText('版式设置已保存')).toBeInTheDocument();
    const [call] = calls(fetch, '/api/paper/globalsetting/save');
    expect(bodyOf(call![1])).toEqual({ paperId: 7, fontFamily: 'KaiTi', fontSize: 18, lineHeight: 2 });
    // The live detail (which styles the editing area) takes the saved settings.
    expect(queryClient.getQueryData<PaperDetail>(paperKeys.detail(7, 0))?.globalSettings).toEqual({
      fontFamily: 'KaiTi',
      fontSize: 18,
      lineHeight: 2,
    });
  });

  it('loads the header, refuses over-long fields and saves it', async () => {
    const fetch = mockFetch([
      // headerInfoSave first: routes match by path prefix.
      ['POST', '/api/paper/headerInfoSave', (_u, init) => envelope(bodyOf(init).headerInfo)],
      ['POST', '/api/paper/headerInfo', () => envelope(paperDetail().headerInfo)],
    ]);
    const queryClient = open();
    const form = screen.getByRole('form', { name: '页眉信息' });
    const title = await within(form).findByLabelText('标题');
    expect(title).toHaveValue('导数及其应用讲义');
    expect(within(form).getByLabelText('教师')).toHaveValue('王老师');
    expect(bodyOf(calls(fetch, '/api/paper/headerInfo')[0]![1])).toEqual({ paperId: 7 });

    await userEvent.clear(title);
    await userEvent.click(title);
    await userEvent.paste('题'.repeat(101));
    await userEvent.click(within(form).getByRole('button', { name: '保存页眉' }));
    expect(await within(form).findByText('标题最多100个字符')).toBeInTheDocument();
    expect(calls(fetch, '/api/paper/headerInfoSave')).toHaveLength(0);

    await userEvent.clear(title);
    await userEvent.type(title, '导数复习');
    await userEvent.type(within(form).getByLabelText('班级'), '高二（3）班');
    await userEvent.click(within(form).getByRole('button', { name: '保存页眉' }));
    expect(await screen.findByText('页眉信息已保存')).toBeInTheDocument();
    expect(bodyOf(calls(fetch, '/api/paper/headerInfoSave')[0]![1])).toEqual({
      paperId: 7,
      headerInfo: { ...paperDetail().headerInfo, title: '导数复习', className: '高二（3）班' },
    });
    expect(queryClient.getQueryData(paperKeys.headerInfo(7))).toMatchObject({
      title: '导数复习',
      className: '高二（3）班',
    });
  });
});
