import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { dayPeriod } from '../analysis-period';
import { analysisServer, CREATE, march, PAPER, renderPage, stageReport, STUDENT_ID, whereNow } from '../test-helpers';
import { FullVolumeAnalysis } from './full-volume-analysis';

afterEach(() => vi.unstubAllGlobals());

const figure = (label: string) =>
  within(within(screen.getByRole('region', { name: '成绩概况' })).getByRole('group', { name: label })).getAllByText(
    /.+/,
  )[1]?.textContent;

describe('全卷分析', () => {
  it('shows the paper beside the class and each question with the student’s answer', async () => {
    const fetch = analysisServer();
    renderPage(<FullVolumeAnalysis taskId={3} studentId={STUDENT_ID} />, '/easyServer/fullVolumeAnalysis');
    expect(await screen.findByRole('heading', { name: '导数练习3' })).toBeInTheDocument();
    expect(bodiesOf(fetch, PAPER)).toEqual([{ taskId: 3, studentId: STUDENT_ID }]);
    expect(screen.getByText('学生：小明（ST11）')).toBeInTheDocument();
    expect(figure('得分')).toBe('5/25');
    expect(figure('班级人数')).toBe('6');
    expect(figure('班级平均分')).toBe('12.5');
    expect(figure('班级最高分')).toBe('20');
    expect(figure('班级排名')).toBe('4/6');
    const bands = screen.getByRole('region', { name: '班级分数段' });
    expect(bands).toHaveTextContent('本人在「≤30%」段');
    expect(
      within(screen.getByRole('table', { name: '知识点得失' })).getByRole('row', { name: '导数的几何意义' }),
    ).toHaveTextContent('50%');

    const questions = screen.getByRole('region', { name: '逐题分析' });
    const q1 = within(questions).getByRole('article', { name: '第1题' });
    expect(within(q1).getByText('对')).toBeInTheDocument();
    expect(within(q1).getByLabelText('得分')).toHaveTextContent('得分 5/5');
    expect(within(q1).getByLabelText('班级正确率')).toHaveTextContent('班级正确率 80%');
    expect(within(q1).getAllByRole('listitem')).toHaveLength(4);
    expect(q1.querySelector('[data-part="stem"] .katex')).not.toBeNull();
    const q2 = within(questions).getByRole('article', { name: '第2题' });
    expect(within(q2).getByText('错')).toBeInTheDocument();
    expect(within(q2).getByLabelText('学生作答')).toHaveTextContent('学生作答：B');
    const q3 = within(questions).getByRole('article', { name: '第3题' });
    expect(within(q3).getByText('待批改')).toBeInTheDocument();
    expect(within(q3).getByLabelText('得分')).toHaveTextContent('得分 -/10');
    expect(within(q3).getByLabelText('班级正确率')).toHaveTextContent('班级正确率 /');
    expect(within(q3).queryByRole('list', { name: '选项' })).not.toBeInTheDocument();
    const q4 = within(questions).getByRole('article', { name: '第4题' });
    expect(within(q4).getByText('未作答', { selector: '.mantine-Badge-label' })).toBeInTheDocument();

    // The answer is folded until asked for.
    const toggle = within(q2).getByRole('button', { name: '查看答案与解析' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(within(q2).getByRole('button', { name: '收起答案与解析' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(q2).getByLabelText('答案与解析')).toHaveTextContent('正确答案：A');

    expect(screen.getByRole('link', { name: '学情分析' })).toHaveAttribute(
      'href',
      '/easyServer/analysisModule?studentId=11',
    );
  });

  it('生成单卷分析报告 creates a report of the task’s day and opens it', async () => {
    const fetch = analysisServer([['POST', CREATE, () => envelope(stageReport({ id: 12, template: 3, taskId: 3 }))]]);
    renderPage(<FullVolumeAnalysis taskId={3} studentId={STUDENT_ID} />, '/easyServer/fullVolumeAnalysis');
    await userEvent.click(await screen.findByRole('button', { name: '生成单卷分析报告' }));
    await waitFor(() => expect(whereNow()).toBe('/easyServer/reportingEdit?reportId=12'));
    expect(bodiesOf(fetch, CREATE)).toEqual([
      { studentId: STUDENT_ID, template: 3, subject: 54, ...dayPeriod(march(3)), taskId: 3, title: null },
    ]);
    expect(await screen.findByText('单卷分析报告已创建')).toBeInTheDocument();
  });

  it('says why the paper cannot be read', async () => {
    analysisServer([['POST', PAPER, () => envelope(null, 'A0404', '该学生没有这次作业', 404)]]);
    renderPage(<FullVolumeAnalysis taskId={3} studentId={99} />, '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('该学生没有这次作业');
  });
});
