// Test helpers of learning analysis and stage reports: the server's analyses, papers, wrong
// questions, templates and reports of student 11 (小明), a mocked server answering the analysis
// calls (a report's changes are kept), and a page rendered in a router that shows where it went.

import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { AnalysisTask } from '@/generated/AnalysisTask';
import type { AnalysisWrongQuestion } from '@/generated/AnalysisWrongQuestion';
import type { PaperAnalysis } from '@/generated/PaperAnalysis';
import type { PaperQuestion } from '@/generated/PaperQuestion';
import type { ReportTemplate } from '@/generated/ReportTemplate';
import type { StageReport } from '@/generated/StageReport';
import type { StageReportItem } from '@/generated/StageReportItem';
import type { StageReportQuestion } from '@/generated/StageReportQuestion';
import type { StudentAnalysis } from '@/generated/StudentAnalysis';
import { envelope, type FetchMock, jsonBody, mockFetch, render, screen } from '@/testing/test-utils';

export const STUDENT = '/api/analysis/student';
export const PAPER = '/api/analysis/paper';
export const WRONG = '/api/analysis/wrongQuestions';
export const TEMPLATES = '/api/analysis/templates';
export const CREATE = '/api/analysis/report/create';
export const DETAIL = '/api/analysis/report/detail';
export const SAVE = '/api/analysis/report/save';
export const ADD = '/api/analysis/report/addQuestions';
export const PUBLISH = '/api/analysis/report/publish';
export const DELETE = '/api/analysis/report/delete';
export const LIST = '/api/analysis/report/list';

export const STUDENT_ID = 11;
export const REPORT_ID = 5;
export const STUDENT_INFO = { id: STUDENT_ID, code: 'ST11', name: '小明', grade: '高二' };

/** 10:00 in China on a day of March 2026. */
export const march = (day: number) => Date.UTC(2026, 2, day, 2);

/** The period 2026-03-01 – 2026-03-30 (China days) as the server takes it. */
export const PERIOD = { from: Date.UTC(2026, 1, 28, 16), to: Date.UTC(2026, 2, 30, 16) };

export function analysisTask(taskId: number, patch: Partial<AnalysisTask> = {}): AnalysisTask {
  return {
    taskId,
    name: `导数练习${taskId}`,
    className: '高二数学提高小组',
    subject: 54,
    createdAt: march(taskId),
    questionCount: 4,
    answered: 4,
    correct: 2,
    toMark: 1,
    score: 10,
    fullScore: 20,
    scoreRate: 66.7,
    classRate: 72.5,
    ...patch,
  };
}

/** Student 11 over March 2026: two tasks, three knowledge points weakest first. */
export function studentAnalysis(patch: Partial<StudentAnalysis> = {}): StudentAnalysis {
  return {
    student: STUDENT_INFO,
    ...PERIOD,
    subject: 0,
    totals: {
      taskCount: 2,
      answered: 8,
      correct: 4,
      wrong: 2,
      toMark: 2,
      correctRate: 66.7,
      scoreRate: 58.3,
      wrongOpen: 3,
      wrongSent: 1,
      wrongMastered: 2,
    },
    tasks: [analysisTask(3), analysisTask(8, { scoreRate: -1, classRate: 50, correct: 0, toMark: 4, score: 0 })],
    points: [
      { nodeId: 71, name: '导数的几何意义', answered: 3, correct: 1, rate: 33.3, level: 1 },
      { nodeId: 72, name: '函数的单调性', answered: 4, correct: 3, rate: 75, level: 2 },
      { nodeId: 73, name: '极值与最值', answered: 2, correct: 2, rate: 100, level: 3 },
    ],
    ...patch,
  };
}

export function paperQuestion(position: number, patch: Partial<PaperQuestion> = {}): PaperQuestion {
  return {
    position,
    questionId: 900 + position,
    questionType: 1,
    stem: `第${position}题：函数 $f(x)=x^2$ 的导数是`,
    options: ['$2x$', '$x$', '$x^2$', '$2$'],
    answer: 'A',
    analysis: "由求导公式 $(x^n)'=nx^{n-1}$。",
    points: [{ nodeId: 71, name: '导数的几何意义' }],
    fullScore: 5,
    studentAnswer: 'A',
    correct: true,
    score: 5,
    classCorrectRate: 80,
    ...patch,
  };
}

/** Task 3 of student 11: a right choice, a wrong one, a worked answer to mark, one unanswered. */
export function paperAnalysis(patch: Partial<PaperAnalysis> = {}): PaperAnalysis {
  return {
    taskId: 3,
    name: '导数练习3',
    className: '高二数学提高小组',
    subject: 54,
    createdAt: march(3),
    student: STUDENT_INFO,
    questions: [
      paperQuestion(1),
      paperQuestion(2, { studentAnswer: 'B', correct: false, score: 0, classCorrectRate: 40 }),
      paperQuestion(3, {
        questionType: 4,
        options: [],
        stem: '求 $f(x)=x^3-3x$ 的极值。',
        answer: '极大值 2，极小值 -2',
        fullScore: 10,
        studentAnswer: '极大值 2',
        correct: null,
        score: null,
        classCorrectRate: -1,
      }),
      paperQuestion(4, { studentAnswer: '', correct: null, score: null }),
    ],
    score: 5,
    fullScore: 25,
    classSize: 6,
    classAverage: 12.5,
    classMax: 20,
    rank: 4,
    bands: [1, 2, 0, 1, 2],
    points: [{ nodeId: 71, name: '导数的几何意义', answered: 2, correct: 1, rate: 50, level: 1 }],
    ...patch,
  };
}

export function wrongQuestion(questionId: number, patch: Partial<AnalysisWrongQuestion> = {}): AnalysisWrongQuestion {
  return {
    questionId,
    questionType: 1,
    stem: `错题${questionId}：$\\sin 30^\\circ$ 的值是`,
    options: ['$\\frac{1}{2}$', '$1$', '$0$', '$2$'],
    answer: 'A',
    analysis: '特殊角的三角函数值。',
    points: [{ nodeId: 72, name: '函数的单调性' }],
    className: '高二数学提高小组',
    wrongCount: 2,
    status: 1,
    statusName: '待巩固',
    lastWrongAt: march(8),
    lastAnswer: 'B',
    ...patch,
  };
}

export const TEMPLATE_LIST: ReportTemplate[] = [
  { id: 1, name: '知识点掌握报告', description: '阶段内每次作业的得分走势、各知识点的掌握程度', needsTask: false },
  { id: 2, name: '错题复盘报告', description: '阶段内错题的分布与巩固情况', needsTask: false },
  { id: 3, name: '单卷分析报告', description: '一次作业的全卷分析', needsTask: true },
];

export function reportQuestion(questionId: number, patch: Partial<StageReportQuestion> = {}): StageReportQuestion {
  const { questionType, stem, options, answer, analysis, points } = wrongQuestion(questionId);
  return {
    questionId,
    questionType,
    stem,
    options,
    answer,
    analysis,
    points,
    note: '',
    studentAnswer: 'B',
    correct: false,
    wrongCount: 2,
    ...patch,
  };
}

/** Report 5 of student 11 by 张老师: a wrong-question review of March, a draft with two questions. */
export function stageReport(patch: Partial<StageReport> = {}): StageReport {
  return {
    id: REPORT_ID,
    status: 1,
    statusName: '草稿',
    template: 2,
    templateName: '错题复盘报告',
    title: '小明 错题复盘报告（2026-03-01 至 2026-03-30）',
    student: STUDENT_INFO,
    subject: 0,
    ...PERIOD,
    taskId: null,
    teacherId: 2,
    teacherName: '张老师',
    summary: '',
    comment: '',
    nextPlan: '',
    questions: [reportQuestion(501), reportQuestion(502, { note: '注意审题', correct: null, studentAnswer: '' })],
    analysis: studentAnalysis(),
    paper: null,
    canEdit: true,
    createdAt: march(30),
    updatedAt: march(30) + 1000,
    publishedAt: null,
    ...patch,
  };
}

export function reportItem(id: number, patch: Partial<StageReportItem> = {}): StageReportItem {
  return {
    id,
    title: `报告${id}`,
    status: 1,
    statusName: '草稿',
    template: 1,
    templateName: '知识点掌握报告',
    student: STUDENT_INFO,
    teacherName: '张老师',
    ...PERIOD,
    questionCount: 3,
    mine: true,
    updatedAt: march(30),
    publishedAt: null,
    ...patch,
  };
}

type Respond = (url: URL, init?: RequestInit) => Response | Promise<Response>;
type Route = [method: string, path: string, respond: Respond];

/**
 * The analysis calls: `routes` first, then the fixtures; report 5 as `report` gives it, kept as
 * saves, additions and publishing change it (a save over an older version is refused, A0409).
 */
export function analysisServer(routes: Route[] = [], report: () => StageReport = stageReport): FetchMock {
  let current: StageReport | null = null;
  const now = () => current ?? report();
  return mockFetch([
    ...routes,
    ['POST', STUDENT, () => envelope(studentAnalysis())],
    ['POST', PAPER, () => envelope(paperAnalysis())],
    ['POST', WRONG, () => envelope([wrongQuestion(501), wrongQuestion(601), wrongQuestion(602)])],
    ['GET', TEMPLATES, () => envelope(TEMPLATE_LIST)],
    ['POST', LIST, () => envelope([])],
    ['POST', DETAIL, () => envelope(now())],
    ['POST', CREATE, () => envelope(now())],
    [
      'POST',
      SAVE,
      (_url, init) => {
        const body = jsonBody(init) as {
          title: string;
          summary: string;
          comment: string;
          nextPlan: string;
          questions: { questionId: number; note: string }[];
          updatedAt: number;
        };
        const base = now();
        if (body.updatedAt !== base.updatedAt) {
          return envelope(null, 'A0409', '报告已发布，或刚被另一处修改，请刷新后再保存', 409);
        }
        const byId = new Map(base.questions.map((q) => [q.questionId, q]));
        current = {
          ...base,
          title: body.title,
          summary: body.summary,
          comment: body.comment,
          nextPlan: body.nextPlan,
          questions: body.questions.map((q) => ({
            ...(byId.get(q.questionId) ?? reportQuestion(q.questionId)),
            note: q.note,
          })),
          updatedAt: base.updatedAt + 1,
        };
        return envelope(current);
      },
    ],
    [
      'POST',
      ADD,
      (_url, init) => {
        const { questionIds } = jsonBody(init) as { questionIds: number[] };
        const base = now();
        const fresh = questionIds.filter((id) => !base.questions.some((q) => q.questionId === id));
        current = {
          ...base,
          questions: [...base.questions, ...fresh.map((id) => reportQuestion(id))],
          updatedAt: base.updatedAt + 1,
        };
        return envelope(fresh.length);
      },
    ],
    [
      'POST',
      PUBLISH,
      () => {
        current = { ...now(), status: 2, statusName: '已发布', canEdit: false, publishedAt: march(31) };
        return envelope(current);
      },
    ],
    ['POST', DELETE, () => envelope(true)],
  ]);
}

/** Where the page's router is now (path and query). */
function Location() {
  const location = useLocation();
  return <output aria-label="当前地址">{location.pathname + location.search}</output>;
}

/** Renders a page in a data router at `route`; the router's address is shown (whereNow). */
export function renderPage(ui: ReactElement, route: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: [route] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}

/** The page's address now. */
export const whereNow = () => screen.getByRole('status', { name: '当前地址' }).textContent;
