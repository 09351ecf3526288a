import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, userEvent, within } from '@/testing/test-utils';
import { analysisServer, paperAnalysis, renderPage, REPORT_ID, stageReport } from '../test-helpers';
import { ReportingPreview, StageReportPreview } from './report-view';

afterEach(() => vi.unstubAllGlobals());

const PUBLISHED = {
  status: 2,
  statusName: '已发布',
  canEdit: false,
  summary: '计算准确率明显提高。',
  comment: '继续保持！',
  nextPlan: '',
  publishedAt: Date.UTC(2026, 2, 31, 2),
};

describe('报告预览 and 阶段报告预览', () => {
  it('shows a draft as it will read, with the way back to the editor', async () => {
    analysisServer([], () => stageReport({ summary: '进步明显' }));
    renderPage(<ReportingPreview reportId={REPORT_ID} />, `/easyServer/reportingPreview?reportId=${REPORT_ID}`);
    const report = await screen.findByRole('article', { name: '小明 错题复盘报告（2026-03-01 至 2026-03-30）' });
    expect(within(report).getByLabelText('学生')).toHaveTextContent('学生：小明（ST11）高二');
    expect(within(report).getByLabelText('时间范围')).toHaveTextContent('时间范围：2026-03-01 至 2026-03-30');
    expect(within(report).getByLabelText('老师')).toHaveTextContent('老师：张老师');
    expect(within(report).getByText('草稿')).toBeInTheDocument();
    expect(within(report).getByRole('region', { name: '阶段总结' })).toHaveTextContent('进步明显');
    expect(within(report).queryByRole('region', { name: '老师评语' })).not.toBeInTheDocument();
    expect(within(report).getByRole('region', { name: '作业概况' })).toBeInTheDocument();
    expect(within(report).getByRole('region', { name: '得分率走势' })).toBeInTheDocument();
    const questions = within(report).getByRole('region', { name: '错题复盘' });
    const second = within(questions).getByRole('article', { name: '第2题' });
    expect(within(second).getByLabelText('老师点评')).toHaveTextContent('老师点评：注意审题');
    expect(within(second).getByText('未作答', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    // The answers are open on the report.
    expect(within(second).getByLabelText('答案与解析')).toHaveTextContent('正确答案：A');
    expect(screen.getByRole('link', { name: '返回编辑' })).toHaveAttribute(
      'href',
      `/easyServer/reportingEdit?reportId=${REPORT_ID}`,
    );
  });

  it('shows a published report read-only, to print', async () => {
    analysisServer([], () => stageReport(PUBLISHED));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage(<StageReportPreview reportId={REPORT_ID} />, `/easyServer/stageReportPreview?reportId=${REPORT_ID}`);
    const report = await screen.findByRole('article', { name: '小明 错题复盘报告（2026-03-01 至 2026-03-30）' });
    expect(within(report).getByText('已发布')).toBeInTheDocument();
    expect(within(report).getByLabelText('发布时间')).toHaveTextContent(/^发布于 2026-03-31 \d\d:00$/);
    expect(within(report).getByRole('region', { name: '老师评语' })).toHaveTextContent('继续保持！');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '返回编辑' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '打印' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says a draft is not published yet', async () => {
    analysisServer();
    renderPage(<StageReportPreview reportId={REPORT_ID} />, `/easyServer/stageReportPreview?reportId=${REPORT_ID}`);
    expect(await screen.findByText('这份阶段报告还是草稿，发布后才能在这里查看。')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '编辑报告' })).toHaveAttribute(
      'href',
      `/easyServer/reportingEdit?reportId=${REPORT_ID}`,
    );
    expect(screen.queryByRole('button', { name: '打印' })).not.toBeInTheDocument();
  });

  it('shows a single-paper report with the paper’s analysis', async () => {
    analysisServer([], () =>
      stageReport({
        ...PUBLISHED,
        template: 3,
        templateName: '单卷分析报告',
        taskId: 3,
        paper: paperAnalysis(),
        questions: [],
      }),
    );
    renderPage(<StageReportPreview reportId={REPORT_ID} />, `/easyServer/stageReportPreview?reportId=${REPORT_ID}`);
    await screen.findByRole('article', { name: '小明 错题复盘报告（2026-03-01 至 2026-03-30）' });
    expect(screen.getByText('单卷分析：导数练习3')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '成绩概况' })).toHaveTextContent('5/25');
    expect(screen.getByRole('region', { name: '逐题分析' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '得分率走势' })).not.toBeInTheDocument();
  });
});
