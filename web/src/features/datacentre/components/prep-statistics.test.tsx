import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { CLASS_PREP, VIP_PREP } from '../activity-reports';
import { dcKeys } from '../api/dc-keys';
import { defaultDcSearch, toWire } from '../dc-search';
import { resetDcSearch } from '../dc-search-store';
import { dcServer, pageOf, prepLessonRow, prepSummary, prepTeacherRow, searchOf } from '../test-helpers';
import { PrepStatistics } from './prep-statistics';

beforeEach(() => resetDcSearch());
afterEach(() => vi.unstubAllGlobals());

const SUMMARY = '/api/lessonPrepare/teacherLessonDetail/summary';
const TEACHERS = '/api/lessonPrepare/teacherSummary';
const LESSONS = '/api/lessonPrepare/teacherLessonDetail';

/** The class calls (the summary first: mocked paths match by prefix). */
function server() {
  const teachers = Array.from({ length: 35 }, (_, i) => prepTeacherRow(i + 1));
  return dcServer([
    ['POST', SUMMARY, () => envelope(prepSummary)],
    ['POST', TEACHERS, pageOf(teachers)],
    ['POST', LESSONS, pageOf([prepLessonRow(1), prepLessonRow(2, { noRecycleCauseDesc: '', isRecycleDesc: '是' })])],
  ]);
}

const bodies = (fetch: ReturnType<typeof dcServer>, path: string) =>
  fetch.mock.calls.filter(([u]) => u === path).map(([, init]) => searchOf(init));

const figure = (label: string) =>
  within(screen.getByRole('region', { name: '备课概览' })).getByRole('group', { name: label });

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

/** The accessors of a table's drawn columns, in order. */
const accessors = (table: HTMLElement) =>
  [...table.querySelectorAll<HTMLElement>('thead th[data-accessor]')].map((th) => th.dataset.accessor);

/** Chooses `option` in the select labelled `label`. */
async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('PrepStatistics', () => {
  it('shows the totals as cards and the teachers, then the lessons when their tab opens', async () => {
    const fetch = server();
    const { queryClient } = render(<PrepStatistics prep={CLASS_PREP} exportReport={vi.fn()} />);
    expect(screen.getByRole('heading', { name: '班课备课统计' })).toBeInTheDocument();
    await waitFor(() => expect(figure('课节数')).toHaveTextContent('1,234'));
    expect(figure('老师数')).toHaveTextContent('12');
    expect(figure('绑定资源课节占比')).toHaveTextContent('50.00%');
    expect(figure('回收课节占比')).toHaveTextContent('24.31%');
    expect(figure('回收份数')).toHaveTextContent('2,048');
    expect(figure('回收资源数')).toHaveTextContent('400');
    const search = toWire(defaultDcSearch(new Date()));
    expect(bodies(fetch, SUMMARY)).toEqual([search]);

    const table = await screen.findByRole('table', { name: '班课备课老师汇总' });
    const row = await within(table).findByRole('row', { name: '老师1' });
    expect(cells(row)).toEqual([
      '老师1',
      'teacher1@demo.eduhub',
      '海淀校区',
      '20',
      '10',
      '50.00%',
      '4',
      '32',
      '18',
      '25',
      '6',
      '400',
      '365',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(screen.getByText('共 35 条')).toBeInTheDocument();
    expect(bodies(fetch, TEACHERS)).toEqual([{ ...search, pageNo: 1, pageSize: 30 }]);
    // Summaries are made of the source records: records_changed reads them again.
    const summaries = queryClient.getQueryCache().findAll({ queryKey: dcKeys.summaries() });
    expect(summaries.map((q) => q.queryKey[2])).toEqual([SUMMARY]);

    expect(bodies(fetch, LESSONS)).toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: '课节明细' }));
    const lessons = await screen.findByRole('table', { name: '班课备课课节明细' });
    const second = await within(lessons).findByRole('row', { name: '老师2 2026-03-02 09:00–10:30' });
    const drawn = accessors(lessons);
    expect(drawn.slice(0, 3)).toEqual(['lessonTimeDesc', 'classCode', 'className']);
    expect(drawn).toContain('teacherTeachTime');
    // The teacher's e-mail is hidden until the user shows it.
    expect(drawn).not.toContain('teacherEmail');
    // 未回收原因 is empty when the lesson's submissions were collected.
    expect(cells(second)[drawn.indexOf('noRecycleCauseDesc')]).toBe('-');
    expect(cells(second)[drawn.indexOf('isRecycleDesc')]).toBe('是');
    expect(bodies(fetch, LESSONS)).toEqual([{ ...search, pageNo: 1, pageSize: 30 }]);
  });

  it('sends the filter sets chosen as 1 and 0 with the causes and bands, and leaves 全部 out', async () => {
    const fetch = server();
    render(<PrepStatistics prep={CLASS_PREP} exportReport={vi.fn()} />);
    await screen.findByRole('table', { name: '班课备课老师汇总' });
    await waitFor(() => expect(bodies(fetch, TEACHERS)).toHaveLength(1));
    for (const field of ['bindResLesson', 'publishResource', 'recycleResource', 'isRecycle', 'isSendFeedbackReport']) {
      expect(bodies(fetch, TEACHERS)[0]).not.toHaveProperty(field);
    }

    await choose('是否绑定资源', '是');
    await choose('是否回收', '否');
    await choose('是否发送反馈报告', '是');
    await userEvent.click(screen.getByRole('textbox', { name: '未回收原因' }));
    await userEvent.click(await screen.findByRole('option', { name: '学生未完成' }));
    await choose('教龄', '1-3年');
    await choose('课节时长', '60分钟以内');
    expect(bodies(fetch, TEACHERS)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: '查询' }));

    const narrowed = {
      bindResLesson: 1,
      isRecycle: 0,
      isSendFeedbackReport: 1,
      noRecycleCauseTypes: [2],
      teacherTeachTime: 2,
      lessonDuringTime: 1,
    };
    await waitFor(() => expect(bodies(fetch, TEACHERS).at(-1)).toMatchObject({ ...narrowed, pageNo: 1 }));
    await waitFor(() => expect(bodies(fetch, SUMMARY).at(-1)).toMatchObject(narrowed));
    expect(bodies(fetch, TEACHERS).at(-1)).not.toHaveProperty('publishResource');
    expect(bodies(fetch, TEACHERS).at(-1)).not.toHaveProperty('recycleResource');
    expect(bodies(fetch, SUMMARY).at(-1)).not.toHaveProperty('pageNo');

    // Back to 全部: the set is left out again.
    await choose('是否绑定资源', '全部');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(fetch, TEACHERS).at(-1)).not.toHaveProperty('bindResLesson'));
    expect(bodies(fetch, TEACHERS).at(-1)).toMatchObject({ isRecycle: 0 });

    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() =>
      expect(bodies(fetch, TEACHERS).at(-1)).toEqual(toWire(defaultDcSearch(new Date()), { pageNo: 1, pageSize: 30 })),
    );
    expect(screen.getByRole('textbox', { name: '是否回收' })).toHaveValue('全部');
  });

  it('asks the server to sort the teachers, never the summary, and exports what the table shows', async () => {
    const fetch = server();
    const exportReport = vi.fn();
    render(<PrepStatistics prep={CLASS_PREP} exportReport={exportReport} />);
    const table = await screen.findByRole('table', { name: '班课备课老师汇总' });
    await within(table).findByRole('row', { name: '老师1' });

    await userEvent.click(within(table).getByText('绑定资源课节占比'));
    await waitFor(() =>
      expect(bodies(fetch, TEACHERS).at(-1)?.sortInfo).toEqual({ field: 'bindResLessonCountRate', asc: true }),
    );
    await userEvent.click(within(table).getByText('教龄（天）'));
    await waitFor(() =>
      expect(bodies(fetch, TEACHERS).at(-1)?.sortInfo).toEqual({ field: 'teacherTeachTime', asc: true }),
    );
    // 司龄 is not sorted by the server.
    const reads = bodies(fetch, TEACHERS).length;
    await userEvent.click(within(table).getByText('司龄（天）'));
    expect(bodies(fetch, TEACHERS)).toHaveLength(reads);
    expect(bodies(fetch, SUMMARY)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: '导出班课备课老师汇总' }));
    const request = exportReport.mock.calls[0]![0] as { reqParams: Record<string, unknown> };
    expect(request).toMatchObject({ excelType: 'prepClassTeachers', businessName: '班课备课老师汇总', total: 35 });
    expect(request.reqParams).toMatchObject({ sortInfo: { field: 'teacherTeachTime', asc: true } });
    expect((request.reqParams.columns as string[]).slice(0, 4)).toEqual([
      'teacherName',
      'teacherEmail',
      'schoolName',
      'lessonCount',
    ]);
    expect(request.reqParams).not.toHaveProperty('pageNo');
  });

  it('reads the one-on-one calls on the one-on-one screen, and exports its lessons', async () => {
    const fetch = dcServer([
      ['POST', '/api/lessonPrepare/statistics/summary', () => envelope(prepSummary)],
      ['POST', '/api/lessonPrepare/statistics/teacherSummary', pageOf([prepTeacherRow(1)])],
      ['POST', '/api/lessonPrepare/statistics/teacherLessonDetail', pageOf([prepLessonRow(1)])],
    ]);
    const exportReport = vi.fn();
    render(<PrepStatistics prep={VIP_PREP} exportReport={exportReport} />);
    expect(screen.getByRole('heading', { name: '一对一备课统计' })).toBeInTheDocument();
    await waitFor(() => expect(figure('课节数')).toHaveTextContent('1,234'));
    await within(await screen.findByRole('table', { name: '一对一备课老师汇总' })).findByRole('row', {
      name: '老师1',
    });
    await userEvent.click(screen.getByRole('tab', { name: '课节明细' }));
    const lessons = await screen.findByRole('table', { name: '一对一备课课节明细' });
    await within(lessons).findByRole('row', { name: /^老师1 / });
    expect(accessors(lessons)).not.toContain('classCode');
    expect(within(lessons).getByRole('columnheader', { name: /^课程名称/ })).toBeInTheDocument();
    await userEvent.click(within(lessons).getByText('上课时间'));
    await waitFor(() =>
      expect(bodies(fetch, '/api/lessonPrepare/statistics/teacherLessonDetail').at(-1)?.sortInfo).toEqual({
        field: 'lessonTime',
        asc: true,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: '导出一对一备课课节明细' }));
    expect(exportReport.mock.calls[0]![0]).toMatchObject({ excelType: 'prepVipLessons', total: 1 });
    expect(bodies(fetch, TEACHERS)).toHaveLength(0);
  });
});
