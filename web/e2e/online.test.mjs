// End-to-end tests of the online (live) class statistics against the real server and its demo
// records, as the demo admin, over the last 365 days: 主讲老师直播课统计 opens on 统计 › 老师, whose
// rows are the teachers the statistics call answers for the same search; 班级 asks for the class
// level with the same search; a class's code opens its drawer with the lessons the class's call
// answers, and a lesson's name opens the lesson's drawer over it with its students. 辅导老师直播课统计
// shows the auxiliary teachers.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, screenshot } from './browser.mjs';
import {
  closeReportPage,
  count,
  days,
  isPost,
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
const MAIN_STAT = '/api/online/main/statistics';
const AUX_STAT = '/api/online/auxiliary/statistics';

/** The search without its level. */
const withoutLevel = (search) => ({ ...search, type: undefined });

/** The rows of a table (tr with an accessible name). */
const bodyRows = (table) => table.locator('tbody tr[aria-label]');

describe('EduHub online class statistics', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** The page's script errors. */
  let pageErrors;

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('online', ADMIN));
  });

  after(() => closeReportPage({ context, browser, server }));

  /** Opens `screen`, searches the last 365 days and returns the statistics call's body. */
  async function searchAYear(screen, path) {
    await page.goto(`${server.origin}/dataCenter/${screen}`);
    await page.getByRole('search', { name: '筛选条件' }).waitFor();
    assert.equal(await page.getByRole('tab', { name: '统计', exact: true }).getAttribute('aria-selected'), 'true');
    await page.getByRole('button', { name: '近365天' }).click();
    return requestOf(
      page,
      path,
      (b) => days(b) === 365,
      () => page.getByRole('button', { name: '查询', exact: true }).click(),
    );
  }

  it('主讲老师直播课统计: the teachers as the server answers; 班级 › a class’s lessons › a lesson’s students', async () => {
    const search = await searchAYear('onlineMainTeacherStat', MAIN_STAT);
    assert.equal(search.type, 'teacher');
    const answer = await post(page, MAIN_STAT, search);
    assert.ok(answer.total > 0, 'the demo has live lessons within the year');
    const table = page.getByRole('table', { name: '主讲老师直播课统计-老师统计' });
    const expected = answer.records.map((r) => [
      r.teacherName,
      { teacherEmail: r.teacherEmail, studentCnt: count(r.studentCnt), liveAttendRate: rate(r.liveAttendRate) },
    ]);
    const shown = (rows) =>
      rows.map(([label, c]) => [
        label,
        { teacherEmail: c.teacherEmail, studentCnt: c.studentCnt, liveAttendRate: c.liveAttendRate },
      ]);
    const rows = await tableRows(table, (v) => sameJson(shown(v), expected));
    assert.deepEqual(shown(rows), expected);
    await screenshot(page, 'online-main-teachers');

    // 班级: the same search at the class level.
    const classSearch = await requestOf(
      page,
      MAIN_STAT,
      (b) => b.type === 'class',
      () => page.getByLabel('统计维度').getByText('班级', { exact: true }).click(),
    );
    assert.deepEqual(withoutLevel(classSearch), withoutLevel(search), 'the search stays');
    const classes = await post(page, MAIN_STAT, classSearch);
    assert.ok(classes.total > 0, 'the teachers’ classes');
    const classTable = page.getByRole('table', { name: '主讲老师直播课统计-班级统计' });
    const classRows = await tableRows(classTable, (v) =>
      sameJson(
        v.map(([label]) => label),
        classes.records.map((r) => r.className),
      ),
    );
    assert.deepEqual(
      classRows.map(([, c]) => c.classCode),
      classes.records.map((r) => r.classCode),
    );

    // The first class's drawer: its lessons.
    const klass = classes.records[0];
    const lessonsPath = `/api/online/class/${klass.classId}/lessons`;
    await Promise.all([
      page.waitForRequest(isPost(lessonsPath)),
      bodyRows(classTable).first().getByRole('button', { name: klass.classCode, exact: true }).click(),
    ]);
    const classDrawer = page.getByRole('dialog', { name: `班级：${klass.classCode} ${klass.className}` });
    await classDrawer.waitFor();
    const lessons = await post(page, lessonsPath, {});
    assert.ok(lessons.length > 0, `the class ${klass.classCode} has lessons`);
    const lessonTable = classDrawer.getByRole('table', { name: '班级课次' });
    const lessonRows = await tableRows(lessonTable, (v) => v.length === lessons.length);
    assert.deepEqual(
      lessonRows.map(([label, c]) => [label, c.lessonId]),
      lessons.map((l) => [l.lessonName, String(l.lessonId)]),
    );
    await screenshot(page, 'online-class-lessons');

    // A lesson with students due: its drawer over the class's, with its students.
    const index = Math.max(
      0,
      lessons.findIndex((l) => l.studentCount > 0),
    );
    const lesson = lessons[index];
    const studentsPath = `/api/online/lesson/${lesson.lessonId}/students`;
    await Promise.all([
      page.waitForRequest(isPost(studentsPath)),
      bodyRows(lessonTable).nth(index).getByRole('button', { name: lesson.lessonName, exact: true }).click(),
    ]);
    const lessonDrawer = page.getByRole('dialog', { name: `课次：${lesson.lessonName}` });
    await lessonDrawer.waitFor();
    const students = await post(page, studentsPath, {});
    assert.ok(students.length > 0, `the lesson ${lesson.lessonId} has students`);
    const studentTable = lessonDrawer.getByRole('table', { name: '学员明细' });
    const studentRows = await tableRows(studentTable, (v) => v.length === students.length);
    assert.deepEqual(
      studentRows.map(([label, c]) => [label, c.studentCode]),
      students.map((s) => [s.studentName, s.studentCode]),
    );
    await screenshot(page, 'online-lesson-students');

    // Closing the lesson shows the class again.
    await lessonDrawer.getByRole('button', { name: '关闭' }).click();
    await lessonDrawer.waitFor({ state: 'detached' });
    await lessonTable.waitFor();
    assert.deepEqual(pageErrors, []);
  });

  it('辅导老师直播课统计 shows the auxiliary teachers the server answers', async () => {
    const search = await searchAYear('onlineAuxiliaryStat', AUX_STAT);
    assert.equal(search.type, 'teacher');
    const answer = await post(page, AUX_STAT, search);
    assert.ok(answer.total > 0, 'the demo has auxiliary teachers with live lessons within the year');
    const table = page.getByRole('table', { name: '辅导老师直播课统计-老师统计' });
    const expected = answer.records.map((r) => [
      r.assistantName,
      { assistantEmail: r.assistantEmail, studentCnt: count(r.studentCnt), groupJoinRate: rate(r.groupJoinRate) },
    ]);
    const shown = (rows) =>
      rows.map(([label, c]) => [
        label,
        { assistantEmail: c.assistantEmail, studentCnt: c.studentCnt, groupJoinRate: c.groupJoinRate },
      ]);
    const rows = await tableRows(table, (v) => sameJson(shown(v), expected));
    assert.deepEqual(shown(rows), expected);
    await screenshot(page, 'online-auxiliary-teachers');
    assert.deepEqual(pageErrors, []);
  });
});
