import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { resetQcFilters } from '../../qc-search-store';
import { bodies, qcSearchOf, qcServer, statPage, statRow } from '../../test-helpers';
import { QcCount } from './qc-count';

beforeEach(() => resetQcFilters());
afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/serviceStatistics/';

function server() {
  return qcServer([
    [
      'POST',
      PATH,
      (_url, init) => {
        const { view = 'teacher' } = qcSearchOf(init);
        return envelope(
          statPage({
            view,
            columns:
              view === 'student' ? [{ prop: 'service_1', label: '家长沟通次数', kind: 'count' }] : statPage().columns,
            records: [
              statRow({
                name: view === 'class' ? '高一数学培优班' : '王老师',
                serviceValues: { service_1: 0.5, service_2: -1 },
              }),
            ],
          }),
        );
      },
    ],
  ]);
}

const accessors = (table: HTMLElement) =>
  [...table.querySelectorAll<HTMLElement>('thead th[data-accessor]')].map((th) => th.dataset.accessor);

const calls = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter(([u]) => u.startsWith(PATH)).map(([u, init]) => [u, qcSearchOf(init).view]);

describe('QcCount', () => {
  it('shows the teachers of the class side with the 合计 row first and the service columns after the coverage', async () => {
    const fetch = server();
    render(<QcCount />);
    const table = await screen.findByRole('table', { name: '班课教师统计' });
    const rows = await within(table).findAllByRole('row', { name: /合计|王老师/ });
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['合计', '王老师']);
    expect(calls(fetch)).toEqual([[`${PATH}class`, 'teacher']]);
    expect(bodies(fetch, `${PATH}class`)[0]).toMatchObject({ pageNo: 1, pageSize: 30, schoolId: -1 });
    expect(accessors(table)).toEqual([
      'name',
      'code',
      'schoolName',
      'takeStudentCount',
      'classCount',
      'servicedStudentCount',
      'serviceCount',
      'overallCoverageRate',
      'service_1',
      'service_2',
      'qcCheckedCount',
      'qcCheckQualifiedCount',
      'qcCheckUnQualifiedCount',
      'qcCheckRate',
      'qcCheckQualifiedRate',
      'qcCheckUnQualifiedRate',
    ]);
    expect(within(table).getByText('质检率（目标20%）')).toBeInTheDocument();
    const cells = (name: string) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // 合计: 2,468 services, 6 checked; a teacher: 50% and / for a service without a base.
    expect(cells('合计').slice(0, 3)).toEqual(['合计', '-', '-']);
    expect(cells('合计')[6]).toBe('2,468');
    expect(cells('合计')[10]).toBe('6');
    expect(cells('王老师').slice(7, 10)).toEqual(['75.00%', '50.00%', '/']);
  });

  it('reads the one-on-one side, the class view, and the student view with its columns after the service count', async () => {
    const fetch = server();
    render(<QcCount />);
    await screen.findByRole('table', { name: '班课教师统计' });
    await userEvent.click(screen.getByRole('radio', { name: '一对一' }));
    const vip = await screen.findByRole('table', { name: '一对一教师统计' });
    await waitFor(() => expect(accessors(vip)).not.toContain('classCount'));

    await userEvent.click(screen.getByRole('tab', { name: '班级' }));
    await within(await screen.findByRole('table', { name: '班级统计' })).findByRole('row', { name: '高一数学培优班' });
    expect(screen.queryByRole('radio', { name: '一对一' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: '学员' }));
    const students = await screen.findByRole('table', { name: '学员统计' });
    await waitFor(() =>
      expect(accessors(students).slice(4, 7)).toEqual(['serviceCount', 'service_1', 'overallCoverageRate']),
    );

    await userEvent.click(screen.getByRole('tab', { name: '服务' }));
    await screen.findByRole('table', { name: '服务统计' });
    await waitFor(() =>
      expect(calls(fetch)).toEqual([
        [`${PATH}class`, 'teacher'],
        [`${PATH}vip`, 'teacher'],
        [`${PATH}class`, 'class'],
        [`${PATH}student`, 'student'],
        [`${PATH}service`, 'service'],
      ]),
    );
  });

  it('remembers column settings per view', async () => {
    server();
    render(<QcCount />);
    const teachers = await screen.findByRole('table', { name: '班课教师统计' });
    await within(teachers).findByRole('row', { name: '王老师' });
    await userEvent.click(screen.getByRole('button', { name: '班课教师统计：列设置' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: '学校' }));
    await waitFor(() => expect(accessors(teachers)).not.toContain('schoolName'));
    expect(localStorage.getItem('qc-stat-teacher-class-column-settings')).toContain('"schoolName","show":false');

    await userEvent.click(screen.getByRole('tab', { name: '学员' }));
    const students = await screen.findByRole('table', { name: '学员统计' });
    await within(students).findByRole('row', { name: '王老师' });
    expect(accessors(students)).toContain('schoolName');
  });

  it('asks the server to sort by a sortable column, and not by a service column', async () => {
    const fetch = server();
    render(<QcCount />);
    const table = await screen.findByRole('table', { name: '班课教师统计' });
    await within(table).findByRole('row', { name: '王老师' });
    const reads = () => bodies(fetch, `${PATH}class`);
    await userEvent.click(within(table).getByText('已质检数'));
    await waitFor(() => expect(reads().at(-1)?.sortInfo).toEqual({ field: 'qcCheckedCount', asc: true }));
    const count = reads().length;
    await userEvent.click(within(table).getByText('家长沟通覆盖率'));
    expect(reads()).toHaveLength(count);
  });
});
