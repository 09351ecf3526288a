import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '@/features/download/download-file';
import type { AuditEntry } from '@/generated/AuditEntry';
import { localDayStart } from '@/lib/format';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { pageOf } from '../../test-helpers';
import { AUDIT_TABLE, AuditLogPage } from './audit-log-page';

vi.mock('@/features/download/download-file', () => ({ saveBlob: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveBlob).mockClear();
});

const SEARCH = '/api/admin/audit/search';
const EXPORT = '/api/admin/audit/export';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const entry = (id: number, patch: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: new Date(2026, 2, 3, 9, 30).getTime(),
  actorId: 1,
  actorEmail: 'admin@demo.eduhub',
  action: 'login',
  target: 'admin@demo.eduhub',
  detail: '',
  ip: '10.0.0.8',
  ok: true,
  ...patch,
});

function server(total = 2) {
  return mockFetch([
    [
      'GET',
      '/api/admin/audit/actions',
      () =>
        envelope([
          { code: 'login', name: '登录' },
          { code: 'login.failed', name: '登录失败' },
          { code: 'account.', name: '账号管理' },
        ]),
    ],
    [
      'POST',
      SEARCH,
      () =>
        pageOf(
          [
            entry(2, {
              action: 'account.disable',
              target: 'old@demo.eduhub',
              detail: '2 sessions ended',
              actingAsId: 9,
            }),
            entry(1, { action: 'login.failed', actorEmail: '', actorId: undefined, ok: false }),
          ],
          1,
          50,
          total,
        ),
    ],
    ['POST', EXPORT, () => new Response('PK-xlsx', { status: 200, headers: { 'Content-Type': XLSX } })],
  ]);
}

async function open() {
  render(<AuditLogPage />);
  const table = await screen.findByRole('table', { name: AUDIT_TABLE });
  await within(table).findByRole('row', { name: 'account.disable old@demo.eduhub' });
  return table;
}

describe('AuditLogPage', () => {
  it('shows who did what: action names, acting-as, anonymous actors and failures', async () => {
    server();
    const table = await open();
    const disable = within(table).getByRole('row', { name: 'account.disable old@demo.eduhub' });
    expect(within(disable).getByText('账号管理 · disable')).toBeInTheDocument();
    expect(within(disable).getByText('#9')).toBeInTheDocument();
    expect(within(disable).getByText('2 sessions ended')).toBeInTheDocument();
    expect(within(disable).getByText('成功')).toBeInTheDocument();
    const failed = within(table).getByRole('row', { name: 'login.failed admin@demo.eduhub' });
    expect(within(failed).getByText('登录失败')).toBeInTheDocument();
    expect(within(failed).getByText('匿名')).toBeInTheDocument();
    expect(within(failed).getByText('失败')).toBeInTheDocument();
  });

  it('searches by actor, action family, words and days (the last day included), from the first page', async () => {
    const fetch = server(120);
    await open();
    expect(bodiesOf(fetch, SEARCH)).toEqual([{ pageNo: 1, pageSize: 50 }]);

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(bodiesOf(fetch, SEARCH).at(-1)).toEqual({ pageNo: 2, pageSize: 50 }));

    await userEvent.type(screen.getByRole('textbox', { name: '操作人' }), ' admin@ ');
    await userEvent.click(screen.getByRole('textbox', { name: '操作' }));
    await userEvent.click(await screen.findByRole('option', { name: '账号管理（全部）' }));
    await userEvent.type(screen.getByRole('textbox', { name: '关键词' }), 'old');
    await userEvent.type(screen.getByLabelText('开始日期'), '2026-03-01');
    await userEvent.type(screen.getByLabelText('结束日期'), '2026-03-03');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, SEARCH).at(-1)).toEqual({
        actor: 'admin@',
        action: 'account.',
        keyword: 'old',
        from: localDayStart('2026-03-01'),
        to: localDayStart('2026-03-04'),
        pageNo: 1,
        pageSize: 50,
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(bodiesOf(fetch, SEARCH).at(-1)).toEqual({ pageNo: 1, pageSize: 50 }));
    expect(screen.getByRole('textbox', { name: '操作人' })).toHaveValue('');
  });

  it('refuses an end day before the start day', async () => {
    const fetch = server();
    await open();
    await userEvent.type(screen.getByLabelText('开始日期'), '2026-03-05');
    await userEvent.type(screen.getByLabelText('结束日期'), '2026-03-01');
    expect(screen.getByText('结束日期不能早于开始日期')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '查询' })).toBeDisabled();
    expect(bodiesOf(fetch, SEARCH)).toHaveLength(1);
  });

  it('exports what the applied filters find as audit-log.xlsx', async () => {
    const fetch = server();
    await open();
    await userEvent.type(screen.getByRole('textbox', { name: '关键词' }), 'old{Enter}');
    await waitFor(() => expect(bodiesOf(fetch, SEARCH).at(-1)).toMatchObject({ keyword: 'old' }));
    await userEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(bodiesOf(fetch, EXPORT)).toEqual([{ keyword: 'old' }]);
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(name).toBe('audit-log.xlsx');
    expect(await blob.text()).toBe('PK-xlsx');
    const init = fetch.mock.calls.find(([u]) => u === EXPORT)![1]!;
    expect(init.credentials).toBe('include');
  });

  it('says why an export is refused, and saves nothing', async () => {
    const fetch = server();
    fetch.mockImplementation(async (input: string) =>
      input === EXPORT
        ? envelope(null, 'A0300', '暂无权限', 403)
        : input.startsWith('/api/admin/audit/actions')
          ? envelope([])
          : pageOf([entry(2, { action: 'account.disable', target: 'old@demo.eduhub' })], 1, 50),
    );
    await open();
    await userEvent.click(screen.getByRole('button', { name: '导出' }));
    expect(await screen.findByText('暂无权限')).toBeInTheDocument();
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
