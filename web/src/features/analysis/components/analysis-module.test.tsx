import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, fireEvent, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import type { AnalysisSearch } from '../analysis-paths';
import { lastDays, periodOf } from '../analysis-period';
import { analysisServer, LIST, PERIOD, reportItem, STUDENT, STUDENT_ID } from '../test-helpers';
import { AnalysisModule, AnalysisStudentPicker } from './analysis-module';

afterEach(() => vi.unstubAllGlobals());

const MARCH: AnalysisSearch = { subject: 0, range: ['2026-03-01', '2026-03-30'] };

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

const figure = (section: string, label: string) =>
  within(within(screen.getByRole('region', { name: section })).getByRole('group', { name: label })).getAllByText(
    /.+/,
  )[1]?.textContent;

describe('学情分析', () => {
  it('shows the student’s totals, mastery, tasks and reports of the period', async () => {
    const fetch = analysisServer([
      [
        'POST',
        LIST,
        () =>
          envelope([
            reportItem(7, { title: '三月知识点报告' }),
            reportItem(8, {
              title: '二月错题复盘',
              status: 2,
              statusName: '已发布',
              mine: false,
              teacherName: '李老师',
            }),
          ]),
      ],
    ]);
    render(<AnalysisModule studentId={STUDENT_ID} search={MARCH} onSearch={() => {}} />, {
      route: '/easyServer/analysisModule?studentId=11',
    });
    expect(await screen.findByRole('heading', { name: '小明' })).toBeInTheDocument();
    expect(bodiesOf(fetch, STUDENT)).toEqual([{ studentId: STUDENT_ID, subject: 0, ...PERIOD }]);
    expect(bodiesOf(fetch, LIST)).toEqual([{ studentId: STUDENT_ID, status: 0 }]);
    expect(screen.getByText('全部学科 · 2026-03-01 至 2026-03-30')).toBeInTheDocument();

    expect(figure('作业概况', '作业数')).toBe('2');
    expect(figure('作业概况', '正确率')).toBe('66.7%');
    expect(figure('作业概况', '得分率')).toBe('58.3%');
    expect(figure('作业概况', '待批改')).toBe('2');
    expect(figure('错题情况', '待巩固')).toBe('3');
    expect(figure('错题情况', '已推送相似题')).toBe('1');
    expect(figure('错题情况', '已掌握')).toBe('2');
    expect(screen.getByRole('region', { name: '得分率走势' })).toBeInTheDocument();

    // Weakest first, as the server orders them.
    const mastery = screen.getByRole('table', { name: '知识点掌握' });
    const points = within(mastery).getAllByRole('row').slice(1);
    expect(points.map(cellTexts)).toEqual([
      ['导数的几何意义', '3', '1', '33.3%', '薄弱'],
      ['函数的单调性', '4', '3', '75%', '一般'],
      ['极值与最值', '2', '2', '100%', '掌握'],
    ]);

    // Newest first; a task with nothing marked shows '/'.
    const tasks = screen.getByRole('table', { name: '作业' });
    expect(cellTexts(within(tasks).getByRole('row', { name: '导数练习8' }))).toEqual([
      '2026-03-08',
      '导数练习8',
      '高二数学提高小组',
      '4',
      '4',
      '0',
      '4',
      '-/20',
      '/',
      '50%',
    ]);
    expect(within(tasks).getByRole('link', { name: '导数练习3' })).toHaveAttribute(
      'href',
      '/easyServer/fullVolumeAnalysis?taskId=3&studentId=11',
    );

    const reports = screen.getByRole('table', { name: '阶段报告' });
    await within(reports).findByRole('row', { name: '三月知识点报告' });
    expect(within(reports).getByRole('link', { name: '三月知识点报告' })).toHaveAttribute(
      'href',
      '/easyServer/reportingEdit?reportId=7',
    );
    expect(within(reports).getByRole('link', { name: '二月错题复盘' })).toHaveAttribute(
      'href',
      '/easyServer/stageReportPreview?reportId=8',
    );
    expect(cellTexts(within(reports).getByRole('row', { name: '二月错题复盘' })).slice(1, 6)).toEqual([
      '知识点掌握报告',
      '已发布',
      '李老师',
      '2026-03-01 至 2026-03-30',
      '3',
    ]);

    expect(screen.getByRole('link', { name: '生成阶段报告' })).toHaveAttribute(
      'href',
      '/easyServer/templateAnalysis?studentId=11&from=2026-03-01&to=2026-03-30',
    );
    expect(screen.getByRole('link', { name: '学生详情' })).toHaveAttribute(
      'href',
      '/easyServer/myStudent/studentDetail/11',
    );
  });

  it('asks for another period or subject; a bad period is not asked for', async () => {
    const onSearch = vi.fn();
    const search: AnalysisSearch = { subject: 0, range: lastDays(Date.now()) };
    const fetch = analysisServer();
    render(<AnalysisModule studentId={STUDENT_ID} search={search} onSearch={onSearch} />, {
      route: '/easyServer/analysisModule?studentId=11',
    });
    await screen.findByRole('heading', { name: '小明' });
    expect(bodiesOf(fetch, STUDENT)).toEqual([{ studentId: STUDENT_ID, subject: 0, ...periodOf(search.range) }]);

    const bar = screen.getByRole('search', { name: '筛选条件' });
    await userEvent.click(within(bar).getByRole('textbox', { name: '学科' }));
    await userEvent.click(await screen.findByRole('option', { name: '数学' }));
    expect(onSearch).toHaveBeenLastCalledWith({ subject: 54, range: search.range });

    fireEvent.change(within(bar).getByLabelText('开始日期'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(bar).getByLabelText('结束日期'), { target: { value: '2026-03-30' } });
    await userEvent.click(within(bar).getByRole('button', { name: '查询' }));
    expect(onSearch).toHaveBeenLastCalledWith({ subject: 54, range: ['2026-03-01', '2026-03-30'] });

    fireEvent.change(within(bar).getByLabelText('开始日期'), { target: { value: '2025-01-01' } });
    const calls = onSearch.mock.calls.length;
    await userEvent.click(within(bar).getByRole('button', { name: '查询' }));
    expect(await within(bar).findByText('时间范围最长 366 天')).toBeInTheDocument();
    expect(onSearch).toHaveBeenCalledTimes(calls);

    await userEvent.click(within(bar).getByRole('button', { name: '近30天' }));
    expect(onSearch).toHaveBeenLastCalledWith({ subject: 54, range: lastDays(Date.now(), 30) });
  });

  it('says why a student cannot be analysed', async () => {
    analysisServer([['POST', STUDENT, () => envelope(null, 'A0404', '学生不存在或无权查看', 404)]]);
    render(<AnalysisModule studentId={99} search={MARCH} onSearch={() => {}} />, { route: '/' });
    expect(await screen.findByRole('alert')).toHaveTextContent('学生不存在或无权查看');
  });

  it('without a student, lists the teacher’s students to choose from', async () => {
    const fetch = analysisServer([
      [
        'POST',
        '/api/teaching/students',
        () =>
          envelope({
            records: [
              {
                id: 11,
                code: 'ST11',
                name: '小明',
                gradeName: '高二',
                schoolName: '北京海淀校区',
                areaName: '',
                consultantName: '',
                learningManagerName: '',
                classCount: 2,
                recentLessons: 0,
                recentAttended: 0,
                lastLessonTime: 0,
                nextLessonTime: 0,
              },
            ],
            total: 1,
            pageNo: 1,
            pageSize: 20,
          }),
      ],
    ]);
    render(<AnalysisStudentPicker />, { route: '/easyServer/analysisModule' });
    const link = await screen.findByRole('link', { name: '学情分析 小明' });
    expect(link).toHaveAttribute('href', '/easyServer/analysisModule?studentId=11');
    await userEvent.type(screen.getByRole('textbox', { name: '关键词' }), '小明{Enter}');
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teaching/students').at(-1)).toEqual({ keyword: '小明', pageNo: 1, pageSize: 20 }),
    );
  });
});
