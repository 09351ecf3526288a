// End-to-end tests of the data centre against the real server and its generated demo records:
// the data board's overview cards show what the overview calls answer for the search the page
// sends and its three charts draw; the attendance details show the server's rows and total; a
// hidden column stays hidden across a reload and is left out of the export (which turns ready in
// the download popover) until 重置列设置; damaged stored column settings give the default columns;
// attendance an admin imports shows on the open board without a reload (records_changed).
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, screenshot, waitConnected } from './browser.mjs';
import {
  accessors,
  cards,
  closeReportPage,
  count,
  days,
  isPost,
  openReportPage,
  post,
  rate,
  rowLabels,
  sameJson,
  until,
} from './report-page.mjs';

const skip = browserTestsSkipped();

/** School manager of school 1001, the header's school when the data centre opens. */
const PRINCIPAL = 'principal@demo.eduhub';
/** Imports the data centre's source records (docs/import.md). */
const ADMIN = 'admin@demo.eduhub';

/** The class attendance table, its stored column settings (use-column-settings.ts) and widths. */
const ATTENDANCE_TABLE = '班课出勤明细';
const SETTINGS_KEY = 'datacentre-attendanceClass-column-settings';
const WIDTHS_KEY = 'datacentre-attendanceClass-columns-width';
/** Its columns shown by default, as drawn (the two fixed on the left first). */
const DEFAULT_COLUMNS = [
  'studentCode',
  'studentName',
  'schoolName',
  'areaName',
  'subjectName',
  'classTimeDesc',
  'attendanceStatusDesc',
  'oneLessonMinutes',
  'clockInTimestamp',
  'leaveStatusDesc',
  'lessonTypeDesc',
  'lessonId',
  'classCode',
  'className',
  'teacher',
];

// The board's figures as the spec shows them (02 §5), written here independently of the app.
const money = (yuan) => yuan.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
function duration(seconds) {
  if (!seconds) return '-';
  const pad = (v) => String(v).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

const classCards = (o) => [
  ['班级数', count(o.classCount)],
  ['学员数', count(o.studentCount)],
  ['课次', count(o.lessonCount)],
  ['应到人次', count(o.expectedCount)],
  ['实到人次', count(o.attendedCount)],
  ['出勤率', rate(o.attendanceRate)],
  ['请假人次', count(o.leaveCount)],
  ['新增学员', count(o.newStudentCount)],
  ['退费人数', count(o.refundCount)],
  ['退费金额(元)', money(o.refundAmount)],
];

const vipCards = (o) => [
  ['学员数', count(o.studentCount)],
  ['老师数', count(o.teacherCount)],
  ['课次', count(o.lessonCount)],
  ['消耗课时', count(o.consumedLessonCount)],
  ['上课时长', duration(o.consumedDuration)],
  ['出勤率', rate(o.attendanceRate)],
  ['购买课时包', count(o.packageCount)],
  ['购买课时', count(o.purchasedLessonCount)],
  ['退费人数', count(o.refundCount)],
  ['退费金额(元)', money(o.refundAmount)],
];

/** The day `n` days after the day `day` (both YYYY-MM-DD). */
const dayAfter = (day, n) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('EduHub data centre', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** The page's script errors. */
  let pageErrors;

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('datacentre', PRINCIPAL));
  });

  after(() => closeReportPage({ context, browser, server }));

  /** Counts of what a chart section has drawn. */
  const marks = (section) =>
    page.locator(`section[aria-label="${section}"]`).evaluate((s) => {
      const n = (selector) => s.querySelectorAll(selector).length;
      const drawn = (selector) => [...s.querySelectorAll(selector)].filter((p) => (p.getAttribute('d') ?? '') !== '');
      return {
        surfaces: n('svg.recharts-surface'),
        lines: drawn('path.recharts-line-curve').length,
        dots: n('.recharts-line-dot'),
        bars: drawn('.recharts-bar-rectangle path').length,
        sectors: drawn('.recharts-pie-sector path').length,
        yTicks: [...s.querySelectorAll('.recharts-yAxis-tick-labels text')].map((t) => t.textContent),
      };
    });

  it('the data board shows the overviews the server answers for its search, and draws its charts', async () => {
    await page.goto(`${server.origin}/dataCenter/dataBoard`);
    await page.getByRole('region', { name: '班课概览' }).waitFor();
    // A year: every chart has something to draw (seven days hold no whole month for stay rates).
    await page.getByRole('button', { name: '近365天' }).click();
    // The reads of that search (not of the first one, of seven days).
    const ofAYear = (path) => isPost(path, (b) => days(b) === 365);
    const [classReq, vipReq] = await Promise.all([
      page.waitForRequest(ofAYear('/api/databoard/class/overview')),
      page.waitForRequest(ofAYear('/api/databoard/vip/overview')),
      page.getByRole('button', { name: '查询', exact: true }).click(),
    ]);
    const search = JSON.parse(classReq.postData());
    assert.deepEqual(JSON.parse(vipReq.postData()), search, 'both overviews are read for one search');
    assert.equal(search.schoolId, 1001, "the header's school");

    const classOverview = await post(page, '/api/databoard/class/overview', search);
    const vipOverview = await post(page, '/api/databoard/vip/overview', search);
    assert.ok(classOverview.lessonCount > 0 && vipOverview.lessonCount > 0, 'the demo has lessons in a year');
    for (const [section, expected] of [
      ['班课概览', classCards(classOverview)],
      ['一对一概览', vipCards(vipOverview)],
    ]) {
      const shown = await until(
        () => cards(page, section),
        (v) => sameJson(v, expected),
      );
      assert.deepEqual(shown, expected, section);
    }
    await screenshot(page, 'datacentre-board-overviews');

    // The course trend: three lines with a dot per period (by week, as the page asks).
    assert.equal(search.dataTimeType, 'week');
    const trend = await post(page, '/api/databoard/vip/course/trend', search);
    assert.ok(trend.length > 50, `weeks of a year: ${trend.length}`);
    const trendMarks = await until(
      () => marks('一对一课程趋势'),
      (m) => m.lines === 3 && m.dots === 3 * trend.length,
    );
    assert.equal(trendMarks.surfaces, 1, JSON.stringify(trendMarks));
    assert.equal(trendMarks.lines, 3, JSON.stringify(trendMarks));
    assert.equal(trendMarks.dots, 3 * trend.length, 'a dot per period and line');

    // Stay rates: a bar per month with a base, the axis in percent.
    const stayRates = await post(page, '/api/databoard/vip/stay-rates', search);
    const withBase = stayRates.filter((r) => r.stayRate > 0).length;
    assert.ok(withBase > 0, JSON.stringify(stayRates));
    const barMarks = await until(
      () => marks('一对一留存率'),
      (m) => m.bars >= withBase,
    );
    assert.equal(barMarks.surfaces, 1, JSON.stringify(barMarks));
    assert.ok(barMarks.bars >= withBase && barMarks.bars <= stayRates.length, JSON.stringify(barMarks));
    assert.ok(barMarks.yTicks.length > 1, JSON.stringify(barMarks));
    for (const tick of barMarks.yTicks) assert.match(tick, /^\d+\.\d{2}%$/, 'a tick in percent');

    // Students by state: a sector per state with students, the total in the middle, the counts beside.
    const stat = await post(page, '/api/databoard/vip/students-stat', search);
    const states = [
      ['在读', stat.active],
      ['课时不足', stat.lowBalance],
      ['沉睡', stat.dormant],
      ['已结课', stat.finished],
    ];
    const nonEmpty = states.filter(([, n]) => n > 0).length;
    assert.ok(nonEmpty > 0, JSON.stringify(stat));
    const donut = page.locator('section[aria-label="一对一学员状态"]');
    await donut
      .getByText(`共 ${count(stat.total)} 人`, { exact: true })
      .first()
      .waitFor();
    assert.deepEqual(
      await donut.getByRole('list', { name: '学员状态' }).getByRole('listitem').allInnerTexts(),
      states.map(([name, n]) => `${name} ${count(n)}`),
    );
    const donutMarks = await until(
      () => marks('一对一学员状态'),
      (m) => m.sectors >= nonEmpty,
    );
    assert.equal(donutMarks.surfaces, 1, JSON.stringify(donutMarks));
    assert.ok(donutMarks.sectors >= nonEmpty && donutMarks.sectors <= states.length, JSON.stringify(donutMarks));

    await page.getByRole('region', { name: '一对一留存率' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'datacentre-board-charts');
    assert.deepEqual(pageErrors, []);
  });

  const table = () => page.getByRole('table', { name: ATTENDANCE_TABLE });
  /** The accessors of the drawn columns, in order. */
  const columns = () => accessors(table());
  const settingsButton = () => page.getByRole('button', { name: `${ATTENDANCE_TABLE}：列设置` });
  const settingsPanel = () => page.getByRole('group', { name: '显示的列' });
  const stored = (key) => page.evaluate((k) => localStorage.getItem(k), key);

  /** Loads the attendance details and waits for its first page; returns the search it sent. */
  async function openAttendance(load = () => page.goto(`${server.origin}/dataCenter/attendDetails`)) {
    const [request] = await Promise.all([page.waitForRequest(isPost('/api/attendance/detail/class')), load()]);
    await table().locator('tbody tr[aria-label]').first().waitFor();
    return JSON.parse(request.postData());
  }

  /** Waits until the drawn columns are `expected`. */
  async function expectColumns(expected, message) {
    assert.deepEqual(await until(columns, (v) => sameJson(v, expected)), expected, message);
  }

  it('the attendance details show the rows and total the server answers', async () => {
    const search = await openAttendance();
    assert.equal(search.pageNo, 1);
    assert.equal(search.schoolId, 1001);
    const page1 = await post(page, '/api/attendance/detail/class', search);
    assert.ok(page1.total > 0, 'the demo has attendance in the last seven days');
    await page.getByText(`共 ${page1.total} 条`, { exact: true }).waitFor();
    const labels = page1.records.map((r) => `${r.studentName} ${r.classTimeDesc}`);
    assert.equal(labels.length, Math.min(page1.total, search.pageSize));
    assert.deepEqual(await rowLabels(table(), labels), labels);
    await expectColumns(DEFAULT_COLUMNS, 'the default columns');
    await screenshot(page, 'datacentre-attendance');
  });

  it('a column hidden in 列设置 stays hidden after a reload and is left out of the export', async () => {
    await settingsButton().click();
    const school = settingsPanel().getByRole('checkbox', { name: '学校', exact: true });
    await school.uncheck();
    const withoutSchool = DEFAULT_COLUMNS.filter((c) => c !== 'schoolName');
    await expectColumns(withoutSchool, 'hidden at once');
    await page.keyboard.press('Escape');
    await settingsPanel().waitFor({ state: 'hidden' });
    const saved = JSON.parse((await stored(SETTINGS_KEY)) ?? 'null');
    assert.equal(saved?.find((s) => s.accessor === 'schoolName')?.show, false, JSON.stringify(saved));

    await openAttendance(() => page.reload());
    await expectColumns(withoutSchool, 'still hidden after the reload');

    // The export writes the shown columns in order; the file turns ready in the popover.
    const [submit] = await Promise.all([
      page.waitForRequest(isPost('/api/producer_api/submitExcelTask')),
      page.getByRole('button', { name: `导出${ATTENDANCE_TABLE}` }).click(),
    ]);
    const task = JSON.parse(submit.postData());
    assert.equal(task.excelType, 'attendanceClass');
    assert.equal(task.businessName, ATTENDANCE_TABLE);
    assert.deepEqual(task.reqParams.columns, withoutSchool);
    const answer = await (await submit.response()).json();
    assert.equal(answer.code, '1', JSON.stringify(answer));
    await page.getByText('已加入到下载队列').first().waitFor();
    const popover = page.getByRole('button', { name: /^下载列表/ });
    await popover.click();
    const list = page.getByRole('list', { name: '最近下载' });
    const file = `${ATTENDANCE_TABLE}.xlsx`;
    await list.locator('[role="listitem"][data-status="3"]', { hasText: file }).waitFor({ timeout: 20_000 });
    await list.getByRole('listitem', { name: file }).getByText('可下载').waitFor();
    await screenshot(page, 'datacentre-export-ready');
    // The button closes it again (the 已加入到下载队列 toast may still cover the page).
    await popover.click();
    await list.waitFor({ state: 'hidden' });
  });

  it('重置列设置 brings the hidden column back and forgets the stored settings', async () => {
    await settingsButton().click();
    await settingsPanel().getByRole('button', { name: '重置列设置' }).click();
    await expectColumns(DEFAULT_COLUMNS, 'back after the reset');
    assert.equal(await settingsPanel().getByRole('checkbox', { name: '学校', exact: true }).isChecked(), true);
    assert.equal(await stored(SETTINGS_KEY), null);
    await page.keyboard.press('Escape');
    await settingsPanel().waitFor({ state: 'hidden' });
    await openAttendance(() => page.reload());
    await expectColumns(DEFAULT_COLUMNS, 'the defaults after a reload');
  });

  it('damaged stored column settings give the default columns', async () => {
    const damaged = [
      ['not json', '{"accessor": '],
      ['not settings', JSON.stringify([{ accessor: 'schoolName', show: 'no', fixed: 'top' }, 42, null])],
      ['not a list', JSON.stringify({ schoolName: false })],
    ];
    for (const [what, garbage] of damaged) {
      await page.evaluate(
        ([keys, value]) => {
          for (const key of keys) localStorage.setItem(key, value);
        },
        [[SETTINGS_KEY, WIDTHS_KEY], garbage],
      );
      await openAttendance(() => page.reload());
      await expectColumns(DEFAULT_COLUMNS, `stored settings ${what}`);
    }
    await screenshot(page, 'datacentre-attendance-damaged-settings');
    assert.deepEqual(pageErrors, []);
  });

  /** Imports a CSV of `kind` as the admin over REST; every row must be stored. */
  async function importRecords(kind, rows) {
    const token = await server.token(ADMIN);
    const res = await fetch(`${server.origin}/api/admin/records/import/${kind}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
      body: `${rows.join('\n')}\n`,
    });
    const body = await res.json();
    assert.equal(body.code, '1', `${kind}: ${JSON.stringify(body)}`);
    assert.deepEqual([body.data.stored, body.data.errors], [rows.length - 1, []], `${kind}: ${JSON.stringify(body)}`);
  }

  it('the open board shows attendance imported meanwhile, without a reload', async () => {
    const [request] = await Promise.all([
      page.waitForRequest(isPost('/api/databoard/class/overview')),
      page.goto(`${server.origin}/dataCenter/dataBoard`),
    ]);
    const search = JSON.parse(request.postData());
    assert.equal(search.schoolId, 1001, "the header's school");
    const before = await post(page, '/api/databoard/class/overview', search);
    const shownBefore = await until(
      () => cards(page, '班课概览'),
      (v) => sameJson(v, classCards(before)),
    );
    assert.deepEqual(shownBefore, classCards(before), 'before the import');
    // The board hears of imports through its push socket.
    await waitConnected(page);
    await page.evaluate(() => {
      window.__noReload = true;
    });

    // A class of the school and its students, from their attendance in the board's days.
    const { records } = await post(page, '/api/attendance/detail/class', { ...search, pageNo: 1, pageSize: 200 });
    assert.ok(records.length > 0, 'the demo has class attendance in the board days');
    const classCode = records[0].classCode;
    const students = [...new Set(records.filter((r) => r.classCode === classCode).map((r) => r.studentCode))];
    // A held lesson on the board's second day (passed, inside its days), numbered above the class's.
    const day = dayAfter(search.beginTimeStart, 1);
    assert.ok(day <= search.beginTimeEnd, JSON.stringify(search));
    await importRecords('lessons', ['class_code,lesson_no,start,minutes', `${classCode},900,${day} 10:00,90`]);
    await importRecords('attendance', [
      'class_code,lesson_no,student_code,status',
      ...students.map((student) => `${classCode},900,${student},1`),
    ]);

    const after = await post(page, '/api/databoard/class/overview', search);
    assert.equal(after.lessonCount, before.lessonCount + 1, 'the lesson counts');
    assert.equal(after.expectedCount, before.expectedCount + students.length, 'each student is expected');
    assert.equal(after.attendedCount, before.attendedCount + students.length, 'each student attended');
    const shownAfter = await until(
      () => cards(page, '班课概览'),
      (v) => sameJson(v, classCards(after)),
      5_000,
    );
    assert.deepEqual(shownAfter, classCards(after), 'the figures on screen follow the import');
    assert.notDeepEqual(shownAfter, shownBefore);
    await screenshot(page, 'datacentre-board-after-import');
    assert.equal(await page.evaluate(() => window.__noReload), true, 'the page was not reloaded');
    assert.deepEqual(pageErrors, []);
  });
});
