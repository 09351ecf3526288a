import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, jsonBody, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import { classDetail, examScore, studentDetail } from '../test-helpers';
import { ClassStudySituationReport, ClassSummaryReport } from './class-report';

afterEach(() => vi.unstubAllGlobals());

const DETAIL = '/api/teaching/class/detail';
const STUDENT = '/api/teaching/student/detail';

const EXAMS: Record<number, ReturnType<typeof examScore>[]> = {
  1: [
    examScore(7, { examName: '期中考试', examTime: new Date(2026, 10, 10).getTime(), score: 128 }),
    examScore(7, { examName: '期中考试', examTime: new Date(2026, 10, 10).getTime(), subjectName: '物理', score: 88 }),
  ],
  2: [examScore(5, { examName: '月考', examTime: new Date(2026, 9, 12).getTime(), score: -1, classRank: -1 })],
};

function server(detail = classDetail()) {
  return mockFetch([
    ['POST', DETAIL, () => envelope(detail)],
    [
      'POST',
      STUDENT,
      (_u, init) => {
        const id = Number(jsonBody(init).id);
        return envelope(studentDetail(id, EXAMS[id] ?? []));
      },
    ],
  ]);
}

const figure = (name: string) => screen.getByRole('group', { name });

describe('班级总结报告', () => {
  it('sums the class’s attendance and reports over its students and lists its lessons, students and tasks', async () => {
    const fetch = server();
    render(<ClassSummaryReport classId={57} tasks={<p>本班的课后任务</p>} />, {
      route: '/easyServer/classSummaryReport?classId=57',
    });
    expect(await screen.findByRole('heading', { name: '班级总结报告 · 高一数学精品班' })).toBeInTheDocument();
    expect(bodiesOf(fetch, DETAIL)).toEqual([{ id: 57 }]);
    expect(figure('在班学生')).toHaveTextContent('12');
    expect(figure('已上/总课次')).toHaveTextContent('10/16');
    expect(figure('应到人次')).toHaveTextContent('20');
    expect(figure('出勤人次（含迟到）')).toHaveTextContent('16');
    expect(figure('出勤率')).toHaveTextContent('80%');
    expect(figure('迟到人次')).toHaveTextContent('1');
    expect(figure('缺勤人次')).toHaveTextContent('3');
    expect(figure('请假人次')).toHaveTextContent('1');
    expect(figure('反馈已提交/已写')).toHaveTextContent('8/10');
    expect(figure('校区')).toHaveTextContent('北京海淀校区 / 五道口教学点');

    const lessons = screen.getByRole('table', { name: '课次情况' });
    expect(within(lessons).getByRole('link', { name: '第14讲' })).toHaveAttribute(
      'href',
      '/easyServer/scheduleDetail/14',
    );
    expect(within(lessons).getByRole('row', { name: '第14讲' })).toHaveTextContent('8/11');
    expect(within(lessons).getByRole('row', { name: '第15讲' })).toHaveTextContent('待上课');
    const students = screen.getByRole('table', { name: '学生出勤与反馈' });
    expect(within(students).getByRole('row', { name: '学员3' })).toHaveTextContent('2026-10-01');
    expect(within(screen.getByRole('region', { name: '课后任务' })).getByText('本班的课后任务')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: '班级详情' })).toHaveAttribute(
      'href',
      '/easyServer/myClasses/myClassesDetail/57',
    );
    expect(screen.getByRole('link', { name: '班级学情报告' })).toHaveAttribute(
      'href',
      '/easyServer/classStudySituationReport?classId=57',
    );
    expect(screen.queryByRole('link', { name: '班级总结报告' })).not.toBeInTheDocument();
  });

  it('shows no rate and no figures it has no records for', async () => {
    server(classDetail({ students: [], lessons: [] }));
    render(<ClassSummaryReport classId={57} />, { route: '/easyServer/classSummaryReport?classId=57' });
    expect(await screen.findByRole('group', { name: '出勤率' })).toHaveTextContent('/');
    expect(figure('反馈已提交/已写')).toHaveTextContent('0/0');
    expect(screen.getByText('暂无课次')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '课后任务' })).not.toBeInTheDocument();
  });

  it('says so when the class cannot be opened', async () => {
    mockFetch([['POST', DETAIL, () => envelope(null, 'A0404', '班级不存在或无权查看', 404)]]);
    render(<ClassSummaryReport classId={99} />, { route: '/easyServer/classSummaryReport?classId=99' });
    expect(await screen.findByText('班级不存在或无权查看', { selector: 'p' })).toBeInTheDocument();
  });
});

describe('班级学情报告', () => {
  function renderStudy() {
    render(
      <ClassStudySituationReport classId={57} tasks={<p>本班的课后任务</p>} wrongQuestions={<p>本班的错题</p>} />,
      { route: '/easyServer/classStudySituationReport?classId=57' },
    );
  }

  it('shows each student’s attendance first, then the tasks and wrong questions handed in', async () => {
    const fetch = server();
    renderStudy();
    expect(await screen.findByRole('heading', { name: '班级学情报告 · 高一数学精品班' })).toBeInTheDocument();
    expect(figure('出勤率')).toHaveTextContent('80%');
    expect(screen.getByRole('link', { name: '班级总结报告' })).toHaveAttribute(
      'href',
      '/easyServer/classSummaryReport?classId=57',
    );
    const students = screen.getByRole('table', { name: '学生出勤与反馈' });
    expect(within(students).getByRole('row', { name: '学员2' })).toHaveTextContent('75%');
    await userEvent.click(screen.getByRole('tab', { name: '课后任务' }));
    expect(screen.getByText('本班的课后任务')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '错题情况' }));
    expect(screen.getByText('本班的错题')).toBeInTheDocument();
    // The exams are read only when their tab opens.
    expect(bodiesOf(fetch, STUDENT)).toEqual([]);
  });

  it('考试成绩 reads the exams of the students in the class, in the class’s subject, latest first', async () => {
    const fetch = server();
    renderStudy();
    await userEvent.click(await screen.findByRole('tab', { name: '考试成绩' }));
    const table = await screen.findByRole('table', { name: '考试成绩' });
    const first = await within(table).findByRole('row', { name: '学员1 期中考试' });
    expect(first).toHaveTextContent('128/150');
    expect(first).toHaveTextContent('2026-11-10');
    const second = await within(table).findByRole('row', { name: '学员2 月考' });
    expect(second).toHaveTextContent('-');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['学员1 期中考试', '学员2 月考']);
    expect(table).not.toHaveTextContent('物理');
    // Student 3 has left the class.
    expect(
      bodiesOf(fetch, STUDENT)
        .map((b) => b.id)
        .sort(),
    ).toEqual([1, 2]);
  });
});
