import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasAnswerTask, lessonTask } from '@/features/lesson-task/test-helpers';
import { pageOf } from '@/features/question/test-helpers';
import type { KnowledgeHeatMap } from '@/generated/KnowledgeHeatMap';
import type { PaperKnowledgeAnalysis } from '@/generated/PaperKnowledgeAnalysis';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import { heatColor } from '../heat-map';
import { ExaminationAnalysis } from './examination-analysis';

afterEach(() => vi.unstubAllGlobals());

const ANALYSIS: PaperKnowledgeAnalysis = {
  taskId: 31,
  totalScore: 25,
  markedAnswers: 7,
  points: [
    {
      nodeId: 112,
      name: '导数的运算',
      questionCount: 2,
      totalScore: 10,
      scoreShare: 0.4,
      scoreRate: 0.35,
      wrongStudents: 2,
    },
    {
      nodeId: 111,
      name: '导数的概念',
      questionCount: 1,
      totalScore: 5,
      scoreShare: 0.2,
      scoreRate: 0.9,
      wrongStudents: 0,
    },
    {
      nodeId: 113,
      name: '导数的应用',
      questionCount: 1,
      totalScore: 10,
      scoreShare: 0.4,
      scoreRate: -1,
      wrongStudents: 0,
    },
  ],
};

const HEAT_MAP: KnowledgeHeatMap = {
  taskId: 31,
  points: [
    { nodeId: 111, name: '导数的概念' },
    { nodeId: 112, name: '导数的运算' },
  ],
  students: [
    { studentId: 1, studentName: '学员1', rates: [1, 0.25] },
    { studentId: 3, studentName: '学员3', rates: [-1, -1] },
  ],
};

function server() {
  return mockFetch([
    [
      'POST',
      '/api/lesson/report/hasAnswer/list/v2',
      () => envelope(pageOf([hasAnswerTask(31, { name: '导数单元测' })], 1, 1, 30)),
    ],
    ['POST', '/api/lesson/report/hasAnswer/list', () => envelope([hasAnswerTask(31, { name: '导数单元测' })])],
    ['POST', '/api/task/detail', () => envelope(lessonTask({ name: '导数单元测' }))],
    ['POST', '/api/exam/analysis/paperByKnowledge', () => envelope(ANALYSIS)],
    ['POST', '/api/exam/analysis/heatMapByKnowledge', () => envelope(HEAT_MAP)],
  ]);
}

function open(entry: string) {
  const router = createMemoryRouter(
    [{ path: '/knowledgeSelection/examinationAnalysisList', element: <ExaminationAnalysis title="考试分析" /> }],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('考试分析', () => {
  it('lists my tasks with answers and opens one analysed by knowledge point', async () => {
    const fetch = server();
    const router = open('/knowledgeSelection/examinationAnalysisList');
    const row = await screen.findByRole('row', { name: '导数单元测' });
    expect(within(row).getByText('2/3')).toBeInTheDocument();
    expect(within(row).getByText('50%')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('link', { name: '分析：导数单元测' }));
    expect(router.state.location.search).toBe('?taskId=31');
    const cards = await screen.findByRole('region', { name: '试卷概况' });
    expect(await within(cards).findByText('7')).toBeInTheDocument();
    expect(within(cards).getByRole('group', { name: '试卷总分' })).toHaveTextContent('25');
    expect(within(cards).getByRole('group', { name: '知识点数' })).toHaveTextContent('3');

    const points = screen.getByRole('table', { name: '知识点得分' });
    const weakest = within(points).getByRole('row', { name: '导数的运算' });
    expect(weakest).toHaveTextContent('40%');
    expect(weakest).toHaveTextContent('35%');
    expect(within(points).getByRole('row', { name: '导数的应用' })).toHaveTextContent('/');
    // The server's order (weakest first) is kept.
    const named = within(points)
      .getAllByRole('row')
      .map((r) => r.getAttribute('aria-label'))
      .filter(Boolean);
    expect(named).toEqual(['导数的运算', '导数的概念', '导数的应用']);

    const map = screen.getByRole('table', { name: '知识点热力图' });
    expect(await within(map).findByText('导数的运算')).toBeInTheDocument();
    const student = within(map).getByRole('row', { name: '学员1' });
    expect(student).toHaveTextContent('100%');
    expect(student).toHaveTextContent('25%');
    expect(within(map).getByRole('row', { name: '学员3' })).toHaveTextContent('/');
    expect(bodiesOf(fetch, '/api/exam/analysis/paperByKnowledge')).toEqual([{ taskId: 31 }]);
    expect(bodiesOf(fetch, '/api/exam/analysis/heatMapByKnowledge')).toEqual([{ taskId: 31 }]);

    await userEvent.click(screen.getByRole('link', { name: '返回考试列表' }));
    expect(await screen.findByRole('row', { name: '导数单元测' })).toBeInTheDocument();
  });

  it('says what the server refused in place', async () => {
    mockFetch([
      ['POST', '/api/task/detail', () => envelope(lessonTask())],
      ['POST', '/api/exam/analysis/paperByKnowledge', () => envelope(null, 'A0404', '任务不存在', 404)],
      ['POST', '/api/exam/analysis/heatMapByKnowledge', () => envelope(null, 'A0404', '任务不存在', 404)],
    ]);
    open('/knowledgeSelection/examinationAnalysisList?taskId=31');
    expect(await screen.findByText('知识点分析未能读取')).toBeInTheDocument();
    expect(screen.getAllByText('任务不存在')).toHaveLength(2);
  });

  it('refuses a task id that is not one', async () => {
    const fetch = mockFetch([]);
    open('/knowledgeSelection/examinationAnalysisList?taskId=abc');
    expect(await screen.findByText('链接中的任务编号无效。')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('colours rates by score band and leaves unmarked ones plain', () => {
    expect(heatColor(-1)).toBeNull();
    expect(heatColor(0.2)).toBe('red.2');
    expect(heatColor(0.65)).toBe('lime.2');
    expect(heatColor(1)).toBe('green.3');
  });
});
