// End-to-end tests of the first-lesson statistics against the real server and its demo records,
// as the demo admin, over the last 365 days: 首课整体统计 opens on 正价课首课 › 校区排名, whose
// 合计 row and ranked schools show the figures the statistics call answers for the same search;
// 试听课 draws the trial columns with the trial figures; 明细 lists the lessons' steps; 教师首课统计
// opens on 正价课首课 › 学科统计.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, screenshot } from './browser.mjs';
import {
  accessors,
  closeReportPage,
  count,
  days,
  openReportPage,
  post,
  rate,
  requestOf,
  sameJson,
  tableRows,
} from './report-page.mjs';

const skip = browserTestsSkipped();

/** A super user with the admin role over every demo school. */
const ADMIN = 'admin@demo.eduhub';
const STATISTICS = '/api/firstLesson/whole/statistics';
const DETAIL = '/api/firstLesson/whole/detail';

describe('EduHub first-lesson statistics', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** The page's script errors. */
  let pageErrors;

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('first-lesson', ADMIN));
  });

  after(() => closeReportPage({ context, browser, server }));

  it('首课整体统计: the schools ranked as the server answers, the trial columns under 试听课, the steps in 明细', async () => {
    await page.goto(`${server.origin}/dataCenter/firstWholeStatistics`);
    await page.getByRole('search', { name: '筛选条件' }).waitFor();
    assert.equal(await page.getByRole('tab', { name: '正价课首课' }).getAttribute('aria-selected'), 'true');
    assert.equal(await page.getByRole('tab', { name: '校区排名' }).getAttribute('aria-selected'), 'true');
    await page.getByRole('button', { name: '近365天' }).click();
    const search = await requestOf(
      page,
      STATISTICS,
      (b) => days(b) === 365,
      () => page.getByRole('button', { name: '查询', exact: true }).click(),
    );
    assert.equal(search.tabType, 'ZJ');
    assert.equal(search.type, 'areaSchoolRank');
    assert.deepEqual(search.productType, [], 'the course tab, not the product type, chooses the lessons');

    const answer = await post(page, STATISTICS, search);
    assert.ok(answer.total > 0 && answer.summary.f1LessonTotalCnt > 0, JSON.stringify(answer.summary));
    const table = page.getByRole('table', { name: '首课整体统计-正价课首课-校区排名' });
    const expected = [['合计', answer.summary], ...answer.records.map((r) => [r.schoolName, r])].map(([label, r]) => [
      label,
      {
        f1LessonTotalCnt: count(r.f1LessonTotalCnt),
        f1LessonSuccRate: rate(r.f1LessonSuccRate),
        stepFinishedRate: rate(r.stepFinishedRate),
        handoverYJJ: count(r.handoverYJJ),
      },
    ]);
    const shown = (rows) =>
      rows.map(([label, cells]) => [
        label,
        {
          f1LessonTotalCnt: cells.f1LessonTotalCnt,
          f1LessonSuccRate: cells.f1LessonSuccRate,
          stepFinishedRate: cells.stepFinishedRate,
          handoverYJJ: cells.handoverYJJ,
        },
      ]);
    const rows = await tableRows(table, (v) => sameJson(shown(v), expected));
    assert.deepEqual(shown(rows), expected);
    assert.deepEqual(
      rows.slice(1).map(([, cells]) => cells.rank),
      answer.records.map((r) => String(r.rank)),
    );
    await screenshot(page, 'first-lesson-school-rank');

    const trialSearch = await requestOf(
      page,
      STATISTICS,
      (b) => b.tabType === 'ST',
      () => page.getByRole('tab', { name: '试听课' }).click(),
    );
    assert.equal(trialSearch.type, 'areaSchoolRank', 'the grouping stays');
    assert.equal(days(trialSearch), 365, 'the search stays');
    const trials = await post(page, STATISTICS, trialSearch);
    assert.ok(trials.summary.stLessonCnt > 0, JSON.stringify(trials.summary));
    const trialTable = page.getByRole('table', { name: '首课整体统计-试听课-校区排名' });
    const trialExpected = [
      ['合计', count(trials.summary.stLessonCnt)],
      ...trials.records.map((r) => [r.schoolName, count(r.stLessonCnt)]),
    ];
    const trialRows = await tableRows(trialTable, (v) =>
      sameJson(
        v.map(([label, cells]) => [label, cells.stLessonCnt]),
        trialExpected,
      ),
    );
    assert.deepEqual(
      trialRows.map(([label, cells]) => [label, cells.stLessonCnt]),
      trialExpected,
    );
    const columns = await accessors(trialTable);
    for (const prop of ['day30ZjRate', 'day90ZjRate', 'teacherZjRate', 'subjectZjRate'])
      assert.ok(columns.includes(prop), prop);
    assert.ok(!columns.includes('f1LessonCnt') && !columns.includes('handoverYJJ'), columns.join());

    const detailSearch = await requestOf(
      page,
      DETAIL,
      () => true,
      () => page.getByRole('tab', { name: '明细' }).click(),
    );
    assert.equal(detailSearch.tabType, 'ST');
    const detail = await post(page, DETAIL, detailSearch);
    assert.ok(detail.total > 0, 'the demo has trial lessons with steps');
    const detailTable = page.getByRole('table', { name: '首课整体统计-试听课-明细' });
    await page.getByText(`共 ${detail.total} 条`, { exact: true }).waitFor();
    const detailRows = await tableRows(detailTable, (v) => v.length === detail.records.length);
    assert.equal(detailRows.length, detail.records.length);
    assert.deepEqual(
      detailRows.map(([, cells]) => [cells.studentCode, cells.stepName]),
      detail.records.map((r) => [r.studentCode, r.stepName || '-']),
    );
    await screenshot(page, 'first-lesson-trial-detail');
    assert.deepEqual(pageErrors, []);
  });

  it('教师首课统计 opens on 正价课首课 › 学科统计', async () => {
    const search = await requestOf(
      page,
      '/api/firstLesson/teacher/statistics',
      () => true,
      () => page.goto(`${server.origin}/dataCenter/teacherFirstStatistics`),
    );
    assert.equal(search.tabType, 'ZJ');
    assert.equal(search.type, 'subjectCount');
    assert.equal(await page.getByRole('tab', { name: '学科统计' }).getAttribute('aria-selected'), 'true');
    const answer = await post(page, '/api/firstLesson/teacher/statistics', search);
    const table = page.getByRole('table', { name: '教师首课统计-正价课首课-学科统计' });
    const expected = ['合计', ...answer.records.map((r) => r.subjectName)];
    const rows = await tableRows(table, (v) =>
      sameJson(
        v.map(([label]) => label),
        expected,
      ),
    );
    assert.deepEqual(
      rows.map(([label]) => label),
      expected,
    );
    assert.deepEqual(pageErrors, []);
  });
});
