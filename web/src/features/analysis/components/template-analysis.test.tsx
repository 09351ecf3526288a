import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import type { AnalysisSearch } from '../analysis-paths';
import {
  analysisServer,
  CREATE,
  PERIOD,
  renderPage,
  stageReport,
  STUDENT,
  STUDENT_ID,
  TEMPLATES,
  whereNow,
} from '../test-helpers';
import { TemplateAnalysis } from './template-analysis';

afterEach(() => vi.unstubAllGlobals());

const MARCH: AnalysisSearch = { subject: 54, range: ['2026-03-01', '2026-03-30'] };

describe('模板分析', () => {
  it('creates a report from the chosen template over the period and opens its editor', async () => {
    const fetch = analysisServer([['POST', CREATE, () => envelope(stageReport({ id: 21 }))]]);
    renderPage(
      <TemplateAnalysis studentId={STUDENT_ID} search={MARCH} onSearch={() => {}} />,
      '/easyServer/templateAnalysis',
    );
    const templates = await screen.findByRole('radiogroup', { name: '报告模板' });
    const cards = await within(templates).findAllByRole('radio');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['知识点掌握报告', '错题复盘报告', '单卷分析报告']);
    expect(within(templates).getByRole('radio', { name: '知识点掌握报告' })).toBeChecked();
    expect(fetch.mock.calls.filter(([u]) => u === TEMPLATES)).toHaveLength(1);
    expect(bodiesOf(fetch, STUDENT)).toEqual([{ studentId: STUDENT_ID, subject: 54, ...PERIOD }]);
    expect(await screen.findByLabelText('学生')).toHaveTextContent('学生：小明（ST11）');

    await userEvent.click(within(templates).getByRole('radio', { name: '错题复盘报告' }));
    expect(screen.queryByRole('textbox', { name: '作业' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: '报告标题' }), ' 三月错题复盘 ');
    await userEvent.click(screen.getByRole('button', { name: '创建报告' }));
    await waitFor(() => expect(whereNow()).toBe('/easyServer/reportingEdit?reportId=21'));
    expect(bodiesOf(fetch, CREATE)).toEqual([
      { studentId: STUDENT_ID, template: 2, subject: 54, ...PERIOD, taskId: null, title: '三月错题复盘' },
    ]);
  });

  it('needs a task of the period for a single-paper report', async () => {
    const fetch = analysisServer([['POST', CREATE, () => envelope(stageReport({ id: 22, template: 3 }))]]);
    const onSearch = vi.fn();
    renderPage(
      <TemplateAnalysis studentId={STUDENT_ID} search={MARCH} onSearch={onSearch} />,
      '/easyServer/templateAnalysis',
    );
    const templates = await screen.findByRole('radiogroup', { name: '报告模板' });
    await userEvent.click(await within(templates).findByRole('radio', { name: '单卷分析报告' }));
    await screen.findByLabelText('学生');
    await userEvent.click(screen.getByRole('button', { name: '创建报告' }));
    expect(await screen.findByText('单卷分析报告需要选择一次作业')).toBeInTheDocument();
    expect(bodiesOf(fetch, CREATE)).toEqual([]);

    await userEvent.click(screen.getByRole('textbox', { name: '作业' }));
    const options = await screen.findAllByRole('option');
    // Newest first.
    expect(options.map((o) => o.textContent)).toEqual([
      '2026-03-08 导数练习8（高二数学提高小组）',
      '2026-03-03 导数练习3（高二数学提高小组）',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '2026-03-03 导数练习3（高二数学提高小组）' }));
    await userEvent.click(screen.getByRole('button', { name: '创建报告' }));
    await waitFor(() => expect(whereNow()).toBe('/easyServer/reportingEdit?reportId=22'));
    expect(bodiesOf(fetch, CREATE)).toEqual([
      { studentId: STUDENT_ID, template: 3, subject: 54, ...PERIOD, taskId: 3, title: null },
    ]);

    // The period applies as it is chosen.
    const period = screen.getByRole('search', { name: '报告时段' });
    await userEvent.click(within(period).getByRole('textbox', { name: '学科' }));
    await userEvent.click(await screen.findByRole('option', { name: '全部学科' }));
    expect(onSearch).toHaveBeenLastCalledWith({ subject: 0, range: MARCH.range });
  });

  it('opens on the single-paper template with the task of the address', async () => {
    const fetch = analysisServer([['POST', CREATE, () => envelope(stageReport({ id: 23, template: 3 }))]]);
    renderPage(
      <TemplateAnalysis studentId={STUDENT_ID} search={MARCH} onSearch={() => {}} taskId={8} />,
      '/easyServer/templateAnalysis',
    );
    const templates = await screen.findByRole('radiogroup', { name: '报告模板' });
    expect(await within(templates).findByRole('radio', { name: '单卷分析报告' })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: '作业' })).toHaveValue('2026-03-08 导数练习8（高二数学提高小组）'),
    );
    await userEvent.click(screen.getByRole('button', { name: '创建报告' }));
    await waitFor(() => expect(bodiesOf(fetch, CREATE)).toHaveLength(1));
    expect(bodiesOf(fetch, CREATE)[0]).toMatchObject({ template: 3, taskId: 8 });
  });
});
