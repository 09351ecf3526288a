// End-to-end tests of the teaching service (易服务) against the real server and its demo records,
// as the demo teacher, in China time: 我的课表 shows this week's lessons as the schedule call
// answers them, a lesson opens with its students, and 写反馈 creates the report and opens its
// editor; 我的学生 lists the students and a student's tabs show their classes, lessons and exams;
// 我的班级 opens an offline class with its students and an online class with its lessons; the
// home's to-do count opens 我的反馈 on 待写反馈, with the reports still due.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, screenshot } from './browser.mjs';
import { closeReportPage, isPost, openReportPage, post, requestBody, rowLabels, until } from './report-page.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
const SCHEDULE = '/api/teaching/schedule';
const PAGE_SIZE = 30;

/** An instant in China time (the page's) as HH:mm. */
const clock = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);
/** An instant's day in China time, YYYY-MM-DD. */
const day = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
/** A lesson card's accessible name: its hours, class and title. */
const lessonLabel = (l) => `${clock(l.startTime)}–${clock(l.endTime)} ${l.className} ${l.title}`;

/** Monday and Sunday of this week in China time. */
function thisWeek() {
  const now = new Date(Date.now() + 8 * 3_600_000);
  const monday = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)),
  );
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
}

describe('EduHub teaching service', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** The page's script errors. */
  let pageErrors;

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('teaching', TEACHER));
  });

  after(() => closeReportPage({ context, browser, server }));

  /** Opens `path` and returns the body of the first call to `call` it makes. */
  async function openAsking(path, call) {
    const [request] = await Promise.all([page.waitForRequest(isPost(call)), page.goto(`${server.origin}${path}`)]);
    return requestBody(request);
  }

  it('我的课表: this week’s lessons; a lesson’s students; 写反馈 creates the report and opens its editor', async () => {
    const asked = await openAsking('/easyServer/mySchedule/myScheduleList', SCHEDULE);
    const week = thisWeek();
    assert.deepEqual(asked, week);
    const lessons = await post(page, SCHEDULE, week);
    assert.ok(lessons.length > 0, 'the demo teacher has lessons this week');

    const calendar = page.getByRole('list', { name: '周视图' });
    await calendar.waitFor();
    const days = await calendar
      .getByRole('listitem')
      .evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
    assert.equal(days.length, 7);
    assert.ok(days[0].startsWith('周一') && days[0].endsWith(week.from), days.join());
    const today = await calendar.locator('[data-today]').getAttribute('aria-label');
    assert.ok(today.endsWith(day(Date.now())), today);

    // Each day shows its lessons in time order.
    for (const [i, label] of days.entries()) {
      const date = label.split(' ')[1];
      const expected = lessons
        .filter((l) => day(l.startTime) === date)
        .sort((a, b) => a.startTime - b.startTime || a.id - b.id)
        .map(lessonLabel);
      const cards = () =>
        calendar
          .getByRole('listitem')
          .nth(i)
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')));
      assert.deepEqual(await until(cards, (v) => JSON.stringify(v) === JSON.stringify(expected)), expected, date);
    }
    await screenshot(page, 'teaching-schedule');

    // An offline lesson of this week whose report a student still lacks, as the teacher gives it.
    let target = null;
    for (const lesson of lessons.filter((l) => !l.online && l.studentCount > 0)) {
      const detail = await post(page, '/api/teaching/lesson/detail', { id: lesson.id });
      const student = detail.students.find((s) => s.reportId === 0);
      if (detail.canWriteFeedback && student) {
        target = { lesson, detail, student };
        break;
      }
    }
    assert.ok(target, 'a lesson of this week has a report still to write');
    await calendar.locator(`a[href="/easyServer/scheduleDetail/${target.lesson.id}"]`).click();
    await page.waitForURL(`${server.origin}/easyServer/scheduleDetail/${target.lesson.id}`);
    const students = page.getByRole('table', { name: '课次学生' });
    await students.waitFor();
    const names = target.detail.students.map((s) => s.studentName);
    assert.deepEqual(await rowLabels(students, names), names);
    await screenshot(page, 'teaching-lesson');
    assert.deepEqual(pageErrors, []);

    const row = students.getByRole('row', { name: target.student.studentName, exact: true });
    const [init] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/report/feedback/v2/init')(r.request())),
      row.getByRole('button', { name: '写反馈', exact: true }).click(),
    ]);
    const created = (await init.json()).data;
    assert.deepEqual(requestBody(init.request()), { lessonId: target.lesson.id, studentId: target.student.studentId });
    await page.waitForURL(`${server.origin}/easyServer/feedbackEdit?id=${created.reportId}`);
    // The lesson now has the report (v2/init finds it again).
    const again = await post(page, '/api/report/feedback/v2/init', {
      lessonId: target.lesson.id,
      studentId: target.student.studentId,
    });
    assert.equal(again.reportId, created.reportId);
  });

  it('我的学生: the students as the server lists them; a student’s tabs show their records', async () => {
    // Only this test's page errors count (the editor opened before is another team's page).
    pageErrors.length = 0;
    const asked = await openAsking('/easyServer/myStudent/studentList', '/api/teaching/students');
    assert.deepEqual(asked, { pageNo: 1, pageSize: PAGE_SIZE });
    const answer = await post(page, '/api/teaching/students', asked);
    assert.ok(answer.total > 0, 'the demo teacher has students');
    const table = page.getByRole('table', { name: '我的学生' });
    const names = answer.records.map((s) => s.name);
    assert.deepEqual(await rowLabels(table, names), names);
    await page.getByText(`共 ${answer.total} 条`, { exact: true }).waitFor();

    // A student with classes, lessons and exams.
    let student = null;
    for (const s of answer.records.filter((r) => r.classCount > 0 && r.recentLessons > 0)) {
      const detail = await post(page, '/api/teaching/student/detail', { id: s.id });
      if (detail.exams.length > 0) {
        student = { row: s, detail };
        break;
      }
    }
    assert.ok(student, 'a demo student has classes, lessons and exams');
    await table
      .getByRole('row', { name: student.row.name, exact: true })
      .getByRole('link', { name: student.row.name })
      .click();
    await page.waitForURL(`${server.origin}/easyServer/myStudent/studentDetail/${student.row.id}`);
    await page.getByRole('heading', { name: student.row.name, exact: true }).waitFor();

    const classes = page.getByRole('table', { name: '班级', exact: true });
    const classNames = student.detail.classes.map((c) => c.className);
    assert.deepEqual(await rowLabels(classes, classNames), classNames);

    const tabs = page.getByRole('tablist', { name: '学生详情' });
    await tabs.getByRole('tab', { name: '上课记录' }).click();
    const lessons = await post(page, '/api/teaching/student/lessons', {
      studentId: student.row.id,
      pageNo: 1,
      pageSize: PAGE_SIZE,
    });
    assert.ok(lessons.total > 0);
    const lessonTable = page.getByRole('table', { name: '上课记录' });
    const lessonLabels = lessons.records.map((l) => `${day(l.startTime)} ${l.className}`);
    assert.deepEqual(await rowLabels(lessonTable, lessonLabels), lessonLabels);

    await tabs.getByRole('tab', { name: '考试成绩' }).click();
    const exams = page.getByRole('table', { name: '考试成绩' });
    const examLabels = student.detail.exams.map((e) => `${e.examName} ${e.subjectName}`);
    assert.deepEqual(await rowLabels(exams, examLabels), examLabels);
    await screenshot(page, 'teaching-student');
    assert.deepEqual(pageErrors, []);
  });

  it('我的班级: an offline class with its students, an online class with its lessons', async () => {
    // Only this test's page errors count (the editor opened before is another team's page).
    pageErrors.length = 0;
    const asked = await openAsking('/easyServer/myClasses/myClassesList', '/api/teaching/classes');
    assert.deepEqual(asked, { state: 'ongoing', pageNo: 1, pageSize: PAGE_SIZE });
    const answer = await post(page, '/api/teaching/classes', asked);
    assert.ok(answer.total > 0, 'the demo teacher has ongoing classes');
    const table = page.getByRole('table', { name: '我的班级' });
    const names = answer.records.map((c) => c.name);
    assert.deepEqual(await rowLabels(table, names), names);

    const offline = answer.records.find((c) => c.studentCount > 1) ?? answer.records[0];
    await table.getByRole('link', { name: offline.name, exact: true }).first().click();
    await page.waitForURL(`${server.origin}/easyServer/myClasses/myClassesDetail/${offline.id}`);
    const detail = await post(page, '/api/teaching/class/detail', { id: offline.id });
    const students = page.getByRole('table', { name: '班级学生' });
    const studentNames = detail.students.map((s) => s.studentName);
    assert.deepEqual(await rowLabels(students, studentNames), studentNames);
    await screenshot(page, 'teaching-class');

    // 直播课: the online classes.
    await page.goto(`${server.origin}/easyServer/myClasses/myClassesList`);
    await table.waitFor();
    const [onlineAsk] = await Promise.all([
      page.waitForRequest(isPost('/api/teaching/classes', (b) => b.classType === 4)),
      page
        .locator('label')
        .filter({ hasText: /^直播课$/ })
        .click(),
    ]);
    const onlineClasses = await post(page, '/api/teaching/classes', requestBody(onlineAsk));
    assert.ok(onlineClasses.total > 0, 'the demo teacher teaches an ongoing online class');
    const online = onlineClasses.records[0];
    await until(
      () => table.getByRole('link', { name: online.name, exact: true }).count(),
      (n) => n > 0,
    );
    await table.getByRole('link', { name: online.name, exact: true }).first().click();
    await page.waitForURL(`${server.origin}/easyServer/myClasses/onlineMyClassesDetail/${online.id}`);
    await page.getByRole('heading', { name: online.name, exact: true }).waitFor();
    const onlineLessons = await post(page, `/api/online/class/${online.id}/lessons`, {});
    const lessonNames = onlineLessons.map((l) => l.lessonName);
    assert.deepEqual(await rowLabels(page.getByRole('table', { name: '班级课次' }), lessonNames), lessonNames);
    assert.deepEqual(pageErrors, []);
  });

  it('the home’s to-do count opens 我的反馈 on 待写反馈, with the reports still due', async () => {
    // Only this test's page errors count (the editor opened before is another team's page).
    pageErrors.length = 0;
    await page.goto(`${server.origin}/main/home`);
    const [dueAsk] = await Promise.all([
      page.waitForRequest(isPost('/api/teaching/reports/due')),
      page.getByRole('link', { name: /待办任务/ }).click(),
    ]);
    await page.waitForURL(`${server.origin}/easyServer/myFeedback?tab=due`);
    assert.equal(await page.getByRole('tab', { name: '待写反馈' }).getAttribute('aria-selected'), 'true');
    const url = new URL(dueAsk.url());
    const due = await post(page, `${url.pathname}${url.search}`, undefined);
    const todo = await page.evaluate(async () => (await (await fetch('/api/home/todoTaskCnt')).json()).data);
    assert.equal(todo.count, due.total, 'the home count is the reports still due');
    const labels = due.records.map((r) => `${r.studentName} ${r.className} ${r.lessonTitle}`);
    assert.deepEqual(await rowLabels(page.getByRole('table', { name: '待写反馈' }), labels), labels);
    await page.getByText(`共 ${due.total} 条`, { exact: true }).waitFor();
    await screenshot(page, 'teaching-feedback');

    await page.getByRole('tab', { name: '全部反馈' }).click();
    await page.waitForURL(`${server.origin}/easyServer/myFeedback?tab=all`);
    const reports = await post(page, '/api/teaching/reports', { pageNo: 1, pageSize: PAGE_SIZE });
    const reportLabels = reports.records.map((r) => `${r.studentName} ${r.className} ${r.lessonTitle}`);
    assert.deepEqual(await rowLabels(page.getByRole('table', { name: '全部反馈' }), reportLabels), reportLabels);
    assert.deepEqual(pageErrors, []);
  });
});
