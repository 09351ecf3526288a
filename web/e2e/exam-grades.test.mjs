// End-to-end test of the exam grades (考试成绩, /qualityCheckManagement/examGrades) against the real
// server and its demo records, as the demo admin, over the last 365 days: the table shows the
// rows the exam-grades call answers for the same search (a subject of a student's exam per row,
// absent scores and ranks as '-', an absent score rate as '/', the tags as badges), and its
// export (excelType examGrades, the shown columns) is accepted.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, screenshot } from './browser.mjs';
import {
  closeReportPage,
  days,
  isPost,
  openReportPage,
  post,
  rate,
  requestBody,
  requestOf,
  sameJson,
  tableRows,
} from './report-page.mjs';

const skip = browserTestsSkipped();

/** A super user with the admin role over every demo school. */
const ADMIN = 'admin@demo.eduhub';
const EXAM_GRADES = '/api/qc/examGrades';

/** A score or rank as the table shows it; -1 (absent) is '-'. */
const score = (n) => (n === -1 ? '-' : String(n));
/** An instant's day in China time (the page's), YYYY-MM-DD. */
const day = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
/** The tags as their badges read ('、' between them on the wire); none is '-'. */
const tags = (t) => (t === '' ? '-' : t.split('、').join(''));

describe('EduHub exam grades', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** The page's script errors. */
  let pageErrors;

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('exam-grades', ADMIN));
  });

  after(() => closeReportPage({ context, browser, server }));

  it('shows the exam grades the server answers over the last 365 days, and exports them', async () => {
    await page.goto(`${server.origin}/qualityCheckManagement/examGrades`);
    await page.getByRole('heading', { name: '考试成绩' }).waitFor();
    await page
      .getByRole('group', { name: '校区与学科' })
      .getByRole('button', { name: /^学科：/ })
      .waitFor();
    await page.getByRole('search', { name: '筛选条件' }).waitFor();
    await page.getByRole('button', { name: '近365天' }).click();
    const search = await requestOf(
      page,
      EXAM_GRADES,
      (b) => days(b) === 365,
      () => page.getByRole('button', { name: '查询', exact: true }).click(),
    );
    assert.deepEqual(search.productType, [], 'the product type does not narrow exams');
    assert.equal(search.pageSize, 30);

    const answer = await post(page, EXAM_GRADES, search);
    assert.ok(answer.total > 0, 'the demo has exam grades within the year');
    await page.getByText(`共 ${answer.total} 条`, { exact: true }).waitFor();
    const table = page.getByRole('table', { name: '考试成绩' });
    const expected = answer.records.map((r) => [
      `${r.studentName} ${r.examName} ${r.subjectName}`,
      {
        studentCode: r.studentCode,
        examDate: day(r.examDate),
        examScore: score(r.examScore),
        fullMarks: String(r.fullMarks),
        examRank: score(r.examRank),
        gradeRank: score(r.gradeRank),
        scoreTags: tags(r.scoreTags),
        examScorePercent: rate(r.examScorePercent),
      },
    ]);
    const shown = (rows) =>
      rows.map(([label, c]) => [
        label,
        {
          studentCode: c.studentCode,
          examDate: c.examDate,
          examScore: c.examScore,
          fullMarks: c.fullMarks,
          examRank: c.examRank,
          gradeRank: c.gradeRank,
          scoreTags: c.scoreTags,
          examScorePercent: c.examScorePercent,
        },
      ]);
    const rows = await tableRows(table, (v) => sameJson(shown(v), expected));
    assert.deepEqual(shown(rows), expected);
    await screenshot(page, 'exam-grades');

    // The export writes the shown columns; the server accepts them.
    const [submit] = await Promise.all([
      page.waitForRequest(isPost('/api/producer_api/submitExcelTask', () => true)),
      page.getByRole('button', { name: '导出考试成绩' }).click(),
    ]);
    const task = requestBody(submit);
    assert.equal(task.excelType, 'examGrades');
    assert.equal(task.reqParams.columns[0], 'studentCode', task.reqParams.columns.join());
    assert.ok(task.reqParams.columns.includes('examScorePercent'), task.reqParams.columns.join());
    assert.ok(!task.reqParams.columns.includes('examId'), task.reqParams.columns.join());
    const queued = await (await submit.response()).json();
    assert.equal(queued.code, '1', JSON.stringify(queued));
    assert.deepEqual(pageErrors, []);
  });
});
