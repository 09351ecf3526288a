// End-to-end tests of live online lessons and their reminders against the real server and its demo
// records. As the demo teacher: 看课 of one of their held online lessons shows its students; the
// classroom's report that a student came and went (made here through the API, as the teacher's
// classroom does) reaches the open page by its push, without a reload. As the demo admin: 线上课设置
// saves a kind's minutes, and 白名单配置 adds the teacher to that kind's whitelist.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, pageApi, screenshot } from './browser.mjs';
import { closeReportPage, isPost, openReportPage, post, requestBody, until } from './report-page.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
const ADMIN = 'admin@demo.eduhub';
const MINUTE = 60_000;

describe('EduHub live online lessons', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** The page's script errors. */
  let pageErrors;

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('live-lesson', TEACHER));
  });

  after(() => closeReportPage({ context, browser, server }));

  /** A held lesson of the teacher's online classes with students: its detail. */
  async function aHeldLesson() {
    await page.goto(`${server.origin}/easyServer/myClasses/myClassesList`);
    const [ask] = await Promise.all([
      page.waitForRequest(isPost('/api/teaching/classes', (b) => b.classType === 4)),
      page
        .locator('label')
        .filter({ hasText: /^直播课$/ })
        .click(),
    ]);
    const classes = await post(page, '/api/teaching/classes', requestBody(ask));
    for (const c of classes.records) {
      for (const lesson of await post(page, `/api/online/class/${c.id}/lessons`, {})) {
        const detail = await post(page, '/api/liveLesson/detail', { lessonId: lesson.lessonId });
        if (detail.state === 2 && detail.students.length > 0) return detail;
      }
    }
    assert.fail('the demo teacher has a held online lesson with students');
  }

  it('看课: the students of a held lesson; a reported stay reaches the open page by its push', async () => {
    const lesson = await aHeldLesson();
    const [watch] = await Promise.all([
      page.waitForRequest(isPost('/api/liveLesson/watch')),
      page.goto(`${server.origin}/easyServer/watchLessonPage/${lesson.lessonId}`),
    ]);
    assert.deepEqual(requestBody(watch), { lessonId: lesson.lessonId });
    const table = page.getByRole('table', { name: '学员在教室情况' });
    await table.waitFor();
    const student = lesson.students.find((s) => !s.onLeave) ?? lesson.students[0];
    const row = table.getByRole('row').filter({ hasText: student.studentName }).first();
    await row.waitFor();
    const before = await row.textContent();
    const url = page.url();

    // The classroom reports: in a minute after the start, out two minutes later.
    const at = lesson.startAt + MINUTE;
    await post(page, '/api/liveLesson/presence', {
      lessonId: lesson.lessonId,
      studentId: student.studentId,
      event: 'enter',
      at,
    });
    const after = await post(page, '/api/liveLesson/presence', {
      lessonId: lesson.lessonId,
      studentId: student.studentId,
      event: 'leave',
      at: at + 2 * MINUTE,
    });
    const stay = after.students.find((s) => s.studentId === student.studentId).presence;
    assert.deepEqual([stay.inRoom, stay.entries, stay.seconds], [false, 1, 120]);
    const shown = await until(
      () => row.textContent(),
      (t) => t !== before && t.includes('已离开'),
    );
    assert.ok(shown.includes('已离开'), `the row follows the push: ${shown}`);
    assert.equal(page.url(), url, 'no reload');
    await screenshot(page, 'live-lesson-watch');
    assert.deepEqual(pageErrors, []);
  });
});

describe('EduHub online-lesson reminders', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  let pageErrors;

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('online-reminders', ADMIN));
  });

  after(() => closeReportPage({ context, browser, server }));

  it('线上课设置 saves a kind’s minutes; 白名单配置 adds a teacher to its whitelist', async () => {
    await page.goto(`${server.origin}/qualityCheckManagement/onlineLessonSetup`);
    const card = page.getByRole('region', { name: '学员未到课提醒' });
    await card.waitFor();
    const minutes = card.getByRole('textbox', { name: '分钟' });
    await minutes.fill('12');
    const [saved] = await Promise.all([
      page.waitForRequest(isPost('/api/onlineReminder/settings/save')),
      card.getByRole('button', { name: '保存' }).click(),
    ]);
    assert.deepEqual(requestBody(saved), { reminderType: 3, enabled: true, minutes: 12 });
    const settings = await until(
      () => pageApi(page, '/api/onlineReminder/settings'),
      (s) => s?.[2]?.minutes === 12,
    );
    assert.equal(settings[2].minutes, 12, 'the server keeps the minutes');

    await card.getByRole('link', { name: /白名单/ }).click();
    await page.waitForURL(`${server.origin}/qualityCheckManagement/onlineWhiteConfigPage/3`);
    await page.getByLabel('员工邮箱').fill(`${TEACHER}\nnobody@example.cn`);
    const [added] = await Promise.all([
      page.waitForRequest(isPost('/api/onlineReminder/whitelist/add')),
      page.getByRole('button', { name: '添加', exact: true }).click(),
    ]);
    assert.deepEqual(requestBody(added).emails, [TEACHER, 'nobody@example.cn']);
    await page.getByRole('status', { name: '添加结果' }).getByText('nobody@example.cn').waitFor();
    const listed = await post(page, '/api/onlineReminder/whitelist/list', { reminderType: 3 });
    assert.deepEqual(
      listed.map((r) => r.email),
      [TEACHER],
    );
    await page.getByRole('table').getByText(TEACHER).waitFor();
    await screenshot(page, 'online-reminder-whitelist');
    assert.deepEqual(pageErrors, []);
  });
});
