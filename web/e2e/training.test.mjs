// End-to-end tests of the basic training examination against the real server and its demo
// records, as the demo admin, over the last 365 days: 学员统计's first rows show the trainees the
// trainees call answers for the same search (their score band named from the dictionary), and
// its export (without the screen-only score band) is accepted; 考试统计 lists the exams; 成绩明细
// shows the results, an absent trainee's score as '-'.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, pageApi, screenshot } from './browser.mjs';
import {
  closeReportPage,
  count,
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
const TRAINEES = '/api/training/exam/trainees';
const EXAMS = '/api/training/exam/exams';
const RESULTS = '/api/training/exam/results';

/** A score rate (percent) as the tables show it; -1 is '/'. */
const percent = (p) => (p === -1 ? '/' : `${p.toFixed(2)}%`);

describe('EduHub basic training examination', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** The page's script errors. */
  let pageErrors;

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('training', ADMIN));
  });

  after(() => closeReportPage({ context, browser, server }));

  it('学员统计 shows the trainees the server answers; 考试统计 the exams; 成绩明细 the results', async () => {
    await page.goto(`${server.origin}/dataCenter/basicTrainingExamination`);
    await page.getByRole('search', { name: '筛选条件' }).waitFor();
    assert.equal(await page.getByRole('tab', { name: '学员统计' }).getAttribute('aria-selected'), 'true');
    await page.getByRole('button', { name: '近365天' }).click();
    const search = await requestOf(
      page,
      TRAINEES,
      (b) => days(b) === 365,
      () => page.getByRole('button', { name: '查询', exact: true }).click(),
    );
    assert.deepEqual(search.productType, [], 'the product type does not narrow exams');
    assert.equal(search.projectGroup, -1);

    const [answer, dict] = await Promise.all([post(page, TRAINEES, search), pageApi(page, '/api/dict/prepare')]);
    assert.ok(answer.total > 0, 'the demo has trainees who sat exams within the year');
    const band = (code) => (code < 0 ? '-' : dict.scoreBands.find((b) => b.code === String(code)).name);
    const table = page.getByRole('table', { name: '基础训练考试学员统计' });
    const expected = answer.records.map((r) => [
      r.teacherName,
      {
        examCnt: count(r.examCnt),
        passRate: rate(r.passRate),
        avgScoreRate: percent(r.avgScoreRate),
        scoreBand: band(r.scoreBand),
      },
    ]);
    const shown = (rows) =>
      rows.map(([label, c]) => [
        label,
        { examCnt: c.examCnt, passRate: c.passRate, avgScoreRate: c.avgScoreRate, scoreBand: c.scoreBand },
      ]);
    const rows = await tableRows(table, (v) => sameJson(shown(v), expected));
    assert.deepEqual(shown(rows), expected);
    await screenshot(page, 'training-trainees');

    // The export writes the shown columns but the score band, which the server's has not.
    const [submit] = await Promise.all([
      page.waitForRequest(isPost('/api/producer_api/submitExcelTask', () => true)),
      page.getByRole('button', { name: '导出基础训练考试学员统计' }).click(),
    ]);
    const task = requestBody(submit);
    assert.equal(task.excelType, 'trainingTrainees');
    assert.ok(!task.reqParams.columns.includes('scoreBand'), task.reqParams.columns.join());
    assert.ok(task.reqParams.columns.includes('avgScoreRate'), task.reqParams.columns.join());
    const queued = await (await submit.response()).json();
    assert.equal(queued.code, '1', JSON.stringify(queued));

    const examSearch = await requestOf(
      page,
      EXAMS,
      () => true,
      () => page.getByRole('tab', { name: '考试统计' }).click(),
    );
    assert.equal(days(examSearch), 365, 'the search stays');
    const exams = await post(page, EXAMS, examSearch);
    const examTable = page.getByRole('table', { name: '基础训练考试考试统计' });
    const examNames = exams.records.map((r) => r.examName);
    const examRows = await tableRows(examTable, (v) =>
      sameJson(
        v.map(([label]) => label),
        examNames,
      ),
    );
    assert.deepEqual(
      examRows.map(([label]) => label),
      examNames,
    );
    await page.getByRole('region', { name: '最近30场考试通过率' }).waitFor();

    const resultSearch = await requestOf(
      page,
      RESULTS,
      () => true,
      () => page.getByRole('tab', { name: '成绩明细' }).click(),
    );
    const results = await post(page, RESULTS, resultSearch);
    assert.ok(results.total > 0);
    await page.getByText(`共 ${results.total} 条`, { exact: true }).waitFor();
    const resultTable = page.getByRole('table', { name: '基础训练考试成绩明细' });
    const resultRows = await tableRows(resultTable, (v) => v.length === results.records.length);
    assert.deepEqual(
      resultRows.map(([, c]) => [c.teacherEmail, c.score, c.resultDesc]),
      results.records.map((r) => [r.teacherEmail, r.score === -1 ? '-' : String(r.score), r.resultDesc]),
    );
    await screenshot(page, 'training-results');
    assert.deepEqual(pageErrors, []);
  });
});
