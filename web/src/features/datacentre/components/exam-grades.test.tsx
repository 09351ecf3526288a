import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExamGradeRow } from '@/generated/ExamGradeRow';
import { render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { defaultDcSearch, toWire } from '../dc-search';
import { resetDcSearch } from '../dc-search-store';
import { dcServer, pageOf, searchOf } from '../test-helpers';
import { ExamGrades } from './exam-grades';

beforeEach(() => {
  resetDcSearch();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/qc/examGrades';

/** Student `i`'s 数学 in the mid-term exam, entered, with the tags 优秀 and 进步. */
function examGradeRow(i: number, patch: Partial<ExamGradeRow> = {}): ExamGradeRow {
  return {
    examId: 100 + i,
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    schoolName: '海淀校区',
    gradeName: '高一',
    subjectName: '数学',
    teacherName: '王老师',
    examName: '2025学年上学期期中考试',
    examDate: new Date(2025, 10, 14, 9).getTime(),
    examTypeName: '期中考试',
    termTypeName: '上学期',
    schoolTypeName: '重点学校',
    totalExamScore: 612,
    examScore: 138,
    fullMarks: 150,
    assignScore: -1,
    examScoreLevel: 'A',
    examRank: 3,
    gradeRank: 25,
    scoreTags: '优秀、进步',
    examScorePercent: 0.92,
    scoreImageUploaded: '是',
    modifiedSourceName: '老师录入',
    finishedSubjects: '英语、数学、语文',
    unfinishedSubjects: '物理',
    ...patch,
  };
}

/** 35 rows: student 1's 数学; student 1's 物理, not entered yet; then students 3–35. */
function server() {
  const rows = [
    examGradeRow(1),
    examGradeRow(1, {
      subjectName: '物理',
      examScore: -1,
      fullMarks: 100,
      examScoreLevel: '',
      examRank: -1,
      gradeRank: -1,
      scoreTags: '',
      examScorePercent: -1,
      teacherName: '',
    }),
    ...Array.from({ length: 33 }, (_, i) =>
      examGradeRow(i + 3, { subjectName: '化学', assignScore: 88, scoreTags: '待提升、退步', examScorePercent: 0.5 }),
    ),
  ];
  return dcServer([['POST', PATH, pageOf(rows)]]);
}

const bodies = (fetch: ReturnType<typeof dcServer>) =>
  fetch.mock.calls.filter(([u]) => u === PATH).map(([, init]) => searchOf(init));

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

const drawn = (table: HTMLElement) =>
  [...table.querySelectorAll<HTMLElement>('thead th[data-accessor]')].map((th) => th.dataset.accessor);

/** Exams are searched over every product type: the lesson filters do not apply to them. */
const SEARCH = toWire({ ...defaultDcSearch(new Date()), productType: ['-1'] }, { pageNo: 1, pageSize: 30 });

/** The server's export columns (storage export examGrades), in its order. */
const EXPORT_COLUMNS = [
  'studentCode',
  'studentName',
  'schoolName',
  'gradeName',
  'subjectName',
  'teacherName',
  'examName',
  'examDate',
  'examTypeName',
  'termTypeName',
  'schoolTypeName',
  'totalExamScore',
  'examScore',
  'fullMarks',
  'assignScore',
  'examScoreLevel',
  'examRank',
  'gradeRank',
  'scoreTags',
  'examScorePercent',
  'scoreImageUploaded',
  'modifiedSourceName',
  'finishedSubjects',
  'unfinishedSubjects',
];

async function openTable() {
  const table = await screen.findByRole('table', { name: '考试成绩' });
  await within(table).findByRole('row', { name: '学员1 2025学年上学期期中考试 数学' });
  return table;
}

describe('ExamGrades', () => {
  it('reads a subject of an exam per row with the data-centre search and shows the export’s headers', async () => {
    const fetch = server();
    render(<ExamGrades exportReport={vi.fn()} />);
    expect(screen.getByRole('heading', { name: '考试成绩' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: '校区与学科' })).getByRole('button', { name: '学科：全部学科' }),
    ).toBeInTheDocument();
    // The exams' filters: no product, lesson, tenure or project filter.
    const filters = screen.getByRole('search', { name: '筛选条件' });
    expect(within(filters).getByLabelText('开始日期')).toBeInTheDocument();
    for (const label of ['财年', '校区', '年级', '老师', '学员'])
      expect(within(filters).getByRole('textbox', { name: label })).toBeInTheDocument();
    for (const label of ['产品类型', '产品组', '教龄', '项目组', '课节时长'])
      expect(within(filters).queryByRole('textbox', { name: label })).not.toBeInTheDocument();

    const table = await openTable();
    expect(bodies(fetch)).toEqual([SEARCH]);
    expect(drawn(table)).toEqual(EXPORT_COLUMNS);
    // The titles (an ⓘ marks those explained).
    const headers = [...table.querySelectorAll('thead th[data-accessor]')].map((th) => th.textContent.replace('ⓘ', ''));
    expect(headers).toEqual([
      '学员编号',
      '学员姓名',
      '学校',
      '年级',
      '学科',
      '老师',
      '考试名称',
      '考试时间',
      '考试类型',
      '学期',
      '学校类型',
      '总分',
      '成绩',
      '满分',
      '赋分',
      '成绩等级',
      '班级排名',
      '年级排名',
      '成绩标签',
      '得分率',
      '是否上传试卷',
      '录入来源',
      '已录入学科',
      '未录入学科',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(screen.getByText('共 35 条')).toBeInTheDocument();

    const math = within(table).getByRole('row', { name: '学员1 2025学年上学期期中考试 数学' });
    expect(cells(math)).toEqual([
      'S0001',
      '学员1',
      '海淀校区',
      '高一',
      '数学',
      '王老师',
      '2025学年上学期期中考试',
      '2025-11-14',
      '期中考试',
      '上学期',
      '重点学校',
      '612',
      '138',
      '150',
      '-',
      'A',
      '3',
      '25',
      '优秀进步',
      '92.00%',
      '是',
      '老师录入',
      '英语、数学、语文',
      '物理',
    ]);
    // The tags are badges, each its colour.
    const tags = within(math).getAllByRole('cell')[18]!;
    expect(within(tags).getByText('优秀')).toBeInTheDocument();
    expect(within(tags).getByText('进步')).toBeInTheDocument();

    // A subject not entered yet: no score, level, ranks or tags ('-'), no score rate ('/').
    const physics = within(table).getByRole('row', { name: '学员1 2025学年上学期期中考试 物理' });
    expect(cells(physics).slice(11, 20)).toEqual(['612', '-', '100', '-', '-', '-', '-', '-', '/']);
    expect(cells(physics)[5]).toBe('-');
    expect(cells(within(table).getByRole('row', { name: '学员3 2025学年上学期期中考试 化学' })).slice(14, 20)).toEqual([
      '88',
      'A',
      '3',
      '25',
      '待提升退步',
      '50.00%',
    ]);

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await within(table).findByRole('row', { name: '学员33 2025学年上学期期中考试 化学' });
    expect(bodies(fetch).at(-1)).toMatchObject({ pageNo: 2, pageSize: 30 });
  });

  it('searches the subjects, grade, teacher and student chosen, and sorts on the server', async () => {
    const fetch = server();
    render(<ExamGrades exportReport={vi.fn()} />);
    const table = await openTable();

    await userEvent.click(screen.getByRole('button', { name: '学科：全部学科' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: '数学' }));
    await waitFor(() => expect(bodies(fetch).at(-1)?.subjects).toEqual([54]));

    await userEvent.click(screen.getByRole('textbox', { name: '年级' }));
    await userEvent.click(await screen.findByRole('option', { name: '高一' }));
    await userEvent.type(screen.getByRole('textbox', { name: '老师' }), 'wang');
    await userEvent.type(screen.getByRole('textbox', { name: '学员' }), 'S0001');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodies(fetch).at(-1)).toEqual({
        ...SEARCH,
        subjects: [54],
        gradeCodes: [10],
        teacherEmail: 'wang',
        studentNoAndName: 'S0001',
      }),
    );

    await userEvent.click(within(table).getByText('成绩'));
    await waitFor(() => expect(bodies(fetch).at(-1)?.sortInfo).toEqual({ field: 'examScore', asc: true }));
    await userEvent.click(within(table).getByText('成绩'));
    await waitFor(() => expect(bodies(fetch).at(-1)?.sortInfo).toEqual({ field: 'examScore', asc: false }));
    await userEvent.click(within(table).getByText('年级排名'));
    await waitFor(() => expect(bodies(fetch).at(-1)?.sortInfo).toEqual({ field: 'gradeRank', asc: true }));
    await userEvent.click(within(table).getByText('得分率'));
    await waitFor(() => expect(bodies(fetch).at(-1)?.sortInfo).toEqual({ field: 'examScorePercent', asc: true }));
    await userEvent.click(within(table).getByText('考试时间'));
    await waitFor(() => expect(bodies(fetch).at(-1)?.sortInfo).toEqual({ field: 'examDate', asc: true }));
    // 班级排名 is not sorted by the server.
    const reads = bodies(fetch).length;
    await userEvent.click(within(table).getByText('班级排名'));
    expect(bodies(fetch)).toHaveLength(reads);
  });

  it('exports as examGrades with the shown columns, the sort and the total; the column settings stay until reset', async () => {
    server();
    const exportReport = vi.fn();
    const { unmount } = render(<ExamGrades exportReport={exportReport} />);
    let table = await openTable();
    await userEvent.click(screen.getByRole('button', { name: '考试成绩：列设置' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: '学校类型' }));
    await waitFor(() => expect(drawn(table)).not.toContain('schoolTypeName'));
    await userEvent.click(within(table).getByText('年级排名'));
    await userEvent.click(screen.getByRole('button', { name: '导出考试成绩' }));
    expect(exportReport).toHaveBeenCalledTimes(1);
    const request = exportReport.mock.calls[0]![0] as { reqParams: Record<string, unknown> };
    expect(request).toMatchObject({ excelType: 'examGrades', businessName: '考试成绩', total: 35 });
    const { pageNo: _pageNo, pageSize: _pageSize, ...search } = SEARCH;
    expect(request.reqParams).toEqual({
      ...search,
      sortInfo: { field: 'gradeRank', asc: true },
      columns: EXPORT_COLUMNS.filter((c) => c !== 'schoolTypeName'),
    });
    expect(request.reqParams).not.toHaveProperty('pageNo');

    // Remembered: the screen opens again without the column, until 重置列设置.
    unmount();
    render(<ExamGrades exportReport={exportReport} />);
    table = await openTable();
    expect(drawn(table)).not.toContain('schoolTypeName');
    await userEvent.click(screen.getByRole('button', { name: '考试成绩：列设置' }));
    await userEvent.click(await screen.findByRole('button', { name: '重置列设置' }));
    await waitFor(() => expect(drawn(table)).toEqual(EXPORT_COLUMNS));
  });
});
