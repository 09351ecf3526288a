// End-to-end tests of the teaching-activity statistics against the real server and its demo
// records, as the demo admin, over the last 30 days: 班课备课统计's cards show what the summary
// call answers (lessons > 0), its teacher table shows the teachers the server counts and their
// lessons add up to the summary's; 系统使用统计 sends its usageType and its 部门汇总 lists the
// departments of the teachers it counts; 反馈统计's 老师 tab draws the 合计 row first, then the
// teachers.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, screenshot } from './browser.mjs';
import {
  cards,
  closeReportPage,
  count,
  days,
  isPost,
  openReportPage,
  post,
  requestBody,
  rowLabels,
  until,
} from './report-page.mjs';

const skip = browserTestsSkipped();

/** A super user with the admin role over every demo school. */
const ADMIN = 'admin@demo.eduhub';
/** The most rows a report page holds (Limits.MAX_PAGE_SIZE). */
const MAX_PAGE_SIZE = 1000;

describe('EduHub teaching-activity statistics', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** The page's script errors. */
  let pageErrors;

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('activity', ADMIN));
  });

  after(() => closeReportPage({ context, browser, server }));

  /** Every row of a report: its pages of the most rows a page holds. */
  async function allRows(path, search) {
    const rows = [];
    for (let pageNo = 1; ; pageNo += 1) {
      const answer = await post(page, path, { ...search, pageNo, pageSize: MAX_PAGE_SIZE });
      rows.push(...answer.records);
      if (rows.length >= answer.total || answer.records.length === 0) return rows;
    }
  }

  /**
   * Opens `path`, searches the last 30 days with 查询 and returns the bodies of the first calls to
   * `paths` that searched them (in that order).
   */
  async function openThirtyDays(path, paths) {
    await page.goto(`${server.origin}${path}`);
    await page.getByRole('search', { name: '筛选条件' }).waitFor();
    await page.getByRole('button', { name: '近30天' }).click();
    const requests = await Promise.all([
      ...paths.map((p) => page.waitForRequest(isPost(p, (b) => days(b) === 30))),
      page.getByRole('button', { name: '查询', exact: true }).click(),
    ]);
    return requests.slice(0, paths.length).map(requestBody);
  }

  /** The value of the card `label` of `section`, once it is `expected` (or the last one seen). */
  async function card(section, label, expected) {
    const value = async () => (await cards(page, section)).find(([l]) => l === label)?.[1] ?? null;
    return until(value, (v) => v === expected);
  }

  it('班课备课统计: the cards and the teachers the server answers, their lessons adding up to the total', async () => {
    const [summarySearch, teacherSearch] = await openThirtyDays('/dataCenter/classLessonPrepStatistics', [
      '/api/lessonPrepare/teacherLessonDetail/summary',
      '/api/lessonPrepare/teacherSummary',
    ]);
    assert.equal(summarySearch.pageNo, undefined, 'the summary is not paged');
    assert.equal(teacherSearch.pageNo, 1);
    assert.equal(teacherSearch.pageSize, 30);

    const summary = await post(page, '/api/lessonPrepare/teacherLessonDetail/summary', summarySearch);
    assert.ok(summary.lessonCount > 0, `the demo has class lessons in 30 days: ${JSON.stringify(summary)}`);
    assert.equal(await card('备课概览', '课节数', count(summary.lessonCount)), count(summary.lessonCount));
    assert.equal(await card('备课概览', '老师数', count(summary.teacherCount)), count(summary.teacherCount));

    const first = await post(page, '/api/lessonPrepare/teacherSummary', teacherSearch);
    assert.ok(first.total > 0, 'the teacher table has rows');
    assert.equal(first.total, summary.teacherCount, 'a row per teacher counted');
    const table = page.getByRole('table', { name: '班课备课老师汇总' });
    const expected = first.records.map((r) => r.teacherName);
    assert.deepEqual(await rowLabels(table, expected), expected);
    await page.getByText(`共 ${first.total} 条`, { exact: true }).waitFor();

    const teachers = await allRows('/api/lessonPrepare/teacherSummary', teacherSearch);
    assert.equal(teachers.length, first.total);
    const lessons = teachers.reduce((sum, t) => sum + t.lessonCount, 0);
    assert.equal(lessons, summary.lessonCount, "the teachers' lessons add up to the summary's");
    await screenshot(page, 'activity-class-prep');
    assert.deepEqual(pageErrors, []);
  });

  it('系统使用统计: its usageType is sent, and 部门汇总 lists the departments of its teachers', async () => {
    const [summarySearch, teacherSearch] = await openThirtyDays('/dataCenter/systemUsageStatistics', [
      '/api/systemUse/bsTeacherValidSummary',
      '/api/systemUse/bsTeacherSummaryList',
    ]);
    assert.equal(summarySearch.usageType, 'system');
    assert.equal(teacherSearch.usageType, 'system');
    const summary = await post(page, '/api/systemUse/bsTeacherValidSummary', summarySearch);
    assert.ok(summary.teacherCnt > 0, JSON.stringify(summary));
    assert.equal(await card('使用概览', '老师数', count(summary.teacherCnt)), count(summary.teacherCnt));
    const firstTeachers = await post(page, '/api/systemUse/bsTeacherSummaryList', teacherSearch);
    assert.equal(firstTeachers.total, summary.teacherCnt, 'a row per teacher counted');
    const teacherNames = firstTeachers.records.map((r) => r.teacherName);
    assert.ok(teacherNames.length > 0, 'the teacher table has rows');
    const teachers = page.getByRole('table', { name: '系统使用统计老师' });
    assert.deepEqual(await rowLabels(teachers, teacherNames), teacherNames);
    assert.equal(await page.getByRole('tab', { name: '学员', exact: true }).count(), 0, 'no student tab');

    const [deptRequest] = await Promise.all([
      page.waitForRequest(isPost('/api/systemUse/deptSummaryList')),
      page.getByRole('tab', { name: '部门汇总' }).click(),
    ]);
    const departments = await post(page, '/api/systemUse/deptSummaryList', requestBody(deptRequest));
    assert.ok(departments.length > 0, 'the demo has departments');
    assert.equal(
      departments.reduce((sum, d) => sum + d.teacherCnt, 0),
      summary.teacherCnt,
      'every teacher counted is in a department',
    );
    const table = page.getByRole('table', { name: '部门汇总' });
    const expected = departments.map((d) => `${d.schoolName} ${d.deptName}`);
    assert.deepEqual(await rowLabels(table, expected), expected);
    await screenshot(page, 'activity-system-usage-departments');
    assert.deepEqual(pageErrors, []);
  });

  it('反馈统计 › 老师: the 合计 row first, then the teachers the server answers', async () => {
    const [detailSearch] = await openThirtyDays('/dataCenter/feedbackStatistics', ['/api/feedback/statistics/detail']);
    const detail = await post(page, '/api/feedback/statistics/detail', detailSearch);
    assert.ok(detail.total > 0, 'the demo has due feedback reports in 30 days');
    await page.getByText(`共 ${detail.total} 条`, { exact: true }).waitFor();
    const [request] = await Promise.all([
      page.waitForRequest(isPost('/api/feedback/statistics/teacher')),
      page.getByRole('tab', { name: '老师', exact: true }).click(),
    ]);
    const search = requestBody(request);
    assert.equal(days(search), 30, 'the search stays when the tab changes');
    const answer = await post(page, '/api/feedback/statistics/teacher', search);
    assert.ok(answer.total > 0 && answer.summary.shouldReportCount > 0, JSON.stringify(answer.summary));

    const table = page.getByRole('table', { name: '反馈老师统计' });
    const expected = ['合计', ...answer.records.map((r) => r.name)];
    assert.deepEqual(await rowLabels(table, expected), expected);
    const totals = () =>
      table.evaluate((t) => {
        const accessors = [...t.querySelectorAll('thead th[data-accessor]')].map((th) => th.dataset.accessor);
        const row = t.querySelector('tbody tr[data-summary="true"]');
        return row?.querySelectorAll('td')[accessors.indexOf('shouldReportCount')]?.textContent ?? null;
      });
    const due = count(answer.summary.shouldReportCount);
    assert.equal(await until(totals, (v) => v === due), due, '合计 应出报告数 as the server counts');
    await page.getByText(`共 ${answer.total} 条`, { exact: true }).waitFor();
    await screenshot(page, 'activity-feedback-teachers');
    assert.deepEqual(pageErrors, []);
  });
});
