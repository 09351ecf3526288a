import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasAnswerTask } from '@/features/lesson-task/test-helpers';
import { pageOf } from '@/features/question/test-helpers';
import {
  bodiesOf,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { CLASS_GROUPS, wrongStudent } from '../test-helpers';
import { LearningInsight } from './learning-insight';

afterEach(() => vi.unstubAllGlobals());

const PAGE = '/easyLessonPreparation/insightLearningSituation';

function server() {
  return mockFetch([
    ['POST', '/api/wrongQuestion/class/group/list', () => envelope(CLASS_GROUPS)],
    [
      'POST',
      '/api/wrongQuestion/task/studentSummaryInfo',
      (_u, init) =>
        envelope(
          jsonBody(init).classId === 57
            ? [
                wrongStudent(1, { studentName: '张三' }),
                wrongStudent(2, { studentName: '李四', total: 2, open: 0, mastered: 2 }),
              ]
            : [],
        ),
    ],
    [
      'POST',
      '/api/lesson/report/hasAnswer/list/v2',
      (_u, init) =>
        envelope(
          jsonBody(init).classId === 57
            ? pageOf([hasAnswerTask(31, { name: '导数单元测', accuracy: 0.625 })], 1, 1, 30)
            : pageOf([], 0, 1, 30),
        ),
    ],
  ]);
}

function open(entry = PAGE) {
  const router = createMemoryRouter([{ path: PAGE, element: <LearningInsight title="学情洞察" /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('学情洞察', () => {
  it('opens my first class: its wrong questions counted, its tasks and its students', async () => {
    const fetch = server();
    open();
    const cards = await screen.findByRole('region', { name: '班级概况' });
    expect(within(cards).getByRole('group', { name: '学生数' })).toHaveTextContent('2');
    expect(within(cards).getByRole('group', { name: '待巩固错题' })).toHaveTextContent('5');
    expect(within(cards).getByRole('group', { name: '已推送相似题' })).toHaveTextContent('1');

    const task = await screen.findByRole('row', { name: '导数单元测' });
    expect(task).toHaveTextContent('62.5%');
    expect(within(task).getByRole('link', { name: '知识点' })).toHaveAttribute(
      'href',
      '/knowledgeSelection/examinationAnalysisList?taskId=31',
    );
    const student = await screen.findByRole('row', { name: '张三' });
    expect(within(student).getByRole('link', { name: '错题本' })).toHaveAttribute(
      'href',
      '/correctionNotebook?classId=57&studentId=1',
    );
    expect(screen.getByRole('row', { name: '李四' })).toHaveTextContent('2');
    expect(bodiesOf(fetch, '/api/lesson/report/hasAnswer/list/v2')).toEqual([{ classId: 57, pageNo: 1, pageSize: 30 }]);
  });

  it('switches to another class through the picker', async () => {
    const fetch = server();
    const router = open();
    await screen.findByRole('row', { name: '张三' });
    await userEvent.click(screen.getByRole('textbox', { name: '班级' }));
    await userEvent.click(screen.getByRole('option', { name: '高一物理班（物理）' }));
    expect(router.state.location.search).toBe('?classId=58');
    expect(await screen.findByText('该班级还没有学生作答的任务')).toBeInTheDocument();
    expect(await screen.findByText('该班级暂无学生')).toBeInTheDocument();
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/wrongQuestion/task/studentSummaryInfo').at(-1)).toEqual({ classId: 58 }),
    );
  });

  it('says when the class asked for is not mine', async () => {
    server();
    open(`${PAGE}?classId=999`);
    expect(await screen.findByText('该班级不存在或不是我的班级')).toBeInTheDocument();
  });
});
