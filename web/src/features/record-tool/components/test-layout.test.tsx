import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import {
  bodiesOf,
  envelope,
  fireEvent,
  jsonBody,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { LAYOUT, LAYOUT_SAVE, recordToolServer, SHEET } from '../test-helpers';
import { TestLayout } from './test-layout';

const ADMIN = userInfo({ roleList: [{ code: 'admin', name: '管理员', current: true, icon: '' }] });

afterEach(() => {
  sessionStore.set((s) => ({ ...s, user: null }));
  vi.unstubAllGlobals();
});

/** The editor's row of dimension `n` (1-based). */
const row = (n: number) =>
  within(screen.getByRole('region', { name: '编辑记录表' })).getByRole('group', { name: `维度 ${n}` });

/** Replaces a field's text at once (typing each key is slow and tested elsewhere). */
function retype(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
}

describe('记录表版式', () => {
  it('lets an administrator edit the sheet: checks keys, names and maxima, then saves it whole', async () => {
    sessionStore.set((s) => ({ ...s, user: ADMIN }));
    const fetch = recordToolServer([['POST', LAYOUT_SAVE, (_url, init) => envelope(jsonBody(init).dimensions)]]);
    render(<TestLayout />);
    const preview = await screen.findByRole('region', { name: '预览' });
    expect(within(preview).getByRole('textbox', { name: '教学目标（满分 20）' })).toBeInTheDocument();
    expect(within(row(1)).getByRole('textbox', { name: '标识' })).toHaveValue('goals');

    retype(within(row(2)).getByRole('textbox', { name: '标识' }), 'goals');
    retype(within(row(3)).getByRole('textbox', { name: '标识' }), 'bad key');
    retype(within(row(4)).getByRole('textbox', { name: '名称' }), '');
    retype(within(row(5)).getByRole('textbox', { name: '满分' }), '');
    await userEvent.click(screen.getByRole('button', { name: '保存记录表' }));
    expect(await within(row(2)).findByText('标识不能重复')).toBeInTheDocument();
    expect(within(row(1)).getByText('标识不能重复')).toBeInTheDocument();
    expect(within(row(3)).getByText('标识只能包含字母、数字和下划线，最多 32 个字符')).toBeInTheDocument();
    expect(within(row(4)).getByText('请填写名称')).toBeInTheDocument();
    expect(within(row(5)).getByText('满分需为 1 到 100 的整数')).toBeInTheDocument();
    expect(bodiesOf(fetch, LAYOUT_SAVE)).toEqual([]);

    retype(within(row(2)).getByRole('textbox', { name: '标识' }), 'content');
    retype(within(row(3)).getByRole('textbox', { name: '标识' }), 'method');
    retype(within(row(4)).getByRole('textbox', { name: '名称' }), '师生互动');
    retype(within(row(5)).getByRole('textbox', { name: '满分' }), '10');
    // A new dimension, moved up one, and the first removed.
    await userEvent.click(screen.getByRole('button', { name: '添加维度' }));
    expect(within(row(6)).getByRole('textbox', { name: '标识' })).toHaveValue('dimension_6');
    retype(within(row(6)).getByRole('textbox', { name: '名称' }), '作业布置');
    retype(within(row(6)).getByRole('textbox', { name: '说明' }), ' 分层适量 ');
    await userEvent.click(screen.getByRole('button', { name: '上移维度 6' }));
    await userEvent.click(screen.getByRole('button', { name: '删除维度 1' }));
    // The preview follows the edit.
    expect(within(preview).getByRole('textbox', { name: '作业布置（满分 20）' })).toBeInTheDocument();
    expect(within(preview).queryByRole('textbox', { name: '教学目标（满分 20）' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '保存记录表' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, LAYOUT_SAVE)).toEqual([
        {
          dimensions: [
            SHEET[1],
            SHEET[2],
            { ...SHEET[3], name: '师生互动' },
            { key: 'dimension_6', name: '作业布置', description: '分层适量', maxScore: 20 },
            { ...SHEET[4], maxScore: 10 },
          ],
        },
      ]),
    );
    expect(await screen.findByText('记录表已保存')).toBeInTheDocument();
  });

  it('keeps at most twelve dimensions', async () => {
    sessionStore.set((s) => ({ ...s, user: ADMIN }));
    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...SHEET[0]!, key: `d${i}`, name: `维度${i}` }));
    recordToolServer([['GET', LAYOUT, () => envelope(eleven)]]);
    render(<TestLayout />);
    await screen.findByRole('region', { name: '编辑记录表' });
    const add = screen.getByRole('button', { name: '添加维度' });
    await userEvent.click(add);
    expect(screen.getByText('12/12 个维度')).toBeInTheDocument();
    expect(add).toBeDisabled();
  });

  it('keeps at least one dimension', async () => {
    sessionStore.set((s) => ({ ...s, user: ADMIN }));
    recordToolServer([['GET', LAYOUT, () => envelope([SHEET[0]])]]);
    render(<TestLayout />);
    expect(await screen.findByRole('button', { name: '删除维度 1' })).toBeDisabled();
  });

  it('shows the sheet to anyone else as a preview only', async () => {
    sessionStore.set((s) => ({ ...s, user: userInfo() }));
    recordToolServer();
    render(<TestLayout />);
    const preview = await screen.findByRole('region', { name: '预览' });
    expect(within(preview).getAllByRole('textbox', { name: /满分 20/ })).toHaveLength(5);
    expect(screen.getByText('仅管理员可以修改记录表。')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '编辑记录表' })).not.toBeInTheDocument();
    // What is typed in the preview counts, and is not sent.
    await userEvent.type(within(preview).getByRole('textbox', { name: '教学目标（满分 20）' }), '12');
    expect(within(preview).getByRole('status', { name: '总分' })).toHaveTextContent('总分 12 / 100');
  });
});
