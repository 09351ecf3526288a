// End-to-end test of the student dynamics (学员动态) against the real server and its demo records:
// on 学员动态跟进 the demo teacher's dynamics still to follow up in the last 30 days are the
// server's, the latest first; one is followed up (跟进: 微信 and what came of it — refused empty on
// the page) and leaves the list, and under 已跟进 it shows how, when and by whom with the note. On
// 学员动态管理 the demo principal's statistics count that follow-up (one more 已跟进 of its kind
// and in 合计) and the list shows it followed up by the teacher. Every figure is checked against
// the server's own answers.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, screenshot } from './browser.mjs';
import {
  closeReportPage,
  count,
  isPost,
  openReportPage,
  openSecondPage,
  post,
  requestBody,
  requestOf,
  rowLabels,
  sameJson,
  tableRows,
  until,
} from './report-page.mjs';

const skip = browserTestsSkipped();

const TEACHER = { email: 'teacher@demo.eduhub', name: '张老师' };
/** A school manager: the statistics are a manager's. */
const PRINCIPAL = 'principal@demo.eduhub';
const NOTE = '已微信联系家长，约定本周六补课。';

const CHINA_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
/** An instant as the pages show it in China time (YYYY-MM-DD HH:mm). */
const chinaTime = (ms) => new Date(ms + CHINA_MS).toISOString().slice(0, 16).replace('T', ' ');
/** The day (YYYY-MM-DD) of an instant in China time. */
const chinaDay = (ms) => new Date(ms + CHINA_MS).toISOString().slice(0, 10);
/** A dynamic's row name (student-dynamic-dict dynamicLabel). */
const dynamicLabel = (r) => `${r.kindName} ${r.studentName} ${chinaTime(r.happenedAt)}`;
/** The student as the list shows them (studentText). */
const studentText = (r) => (r.studentCode ? `${r.studentName}（${r.studentCode}）` : r.studentName);
/** The search without its page. */
const unpaged = (search) =>
  Object.fromEntries(Object.entries(search).filter(([key]) => key !== 'pageNo' && key !== 'pageSize'));

describe('EduHub student dynamics (学员动态)', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  /** The teacher's page. */
  let page;
  let pageErrors;
  /** The principal's page, in a context of its own. */
  let managerContext;
  let managerPage;
  /** What the steps share: the dynamic followed up, the statistics before. */
  const the = {};

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('student-dynamic', TEACHER.email));
    ({ context: managerContext, page: managerPage } = await openSecondPage(
      { browser, server, pageErrors },
      'student-dynamic manager',
      PRINCIPAL,
    ));
  });

  after(async () => {
    await managerContext?.close();
    await closeReportPage({ context, browser, server });
  });

  /** Each shown row of the statistics (rows without a name): kind name → [动态数, 已跟进]. */
  const shownStatistics = (table) =>
    table.evaluate((t) => {
      const accessors = [...t.querySelectorAll('thead th[data-accessor]')].map((th) => th.dataset.accessor);
      const cell = (tr, accessor) => tr.querySelectorAll('td')[accessors.indexOf(accessor)]?.textContent ?? null;
      return Object.fromEntries(
        [...t.querySelectorAll('tbody tr')].map((tr) => [
          cell(tr, 'kindName'),
          [cell(tr, 'total'), cell(tr, 'followed')],
        ]),
      );
    });

  /** The principal's statistics table shows `stats` (the server's answer), counted as the page counts. */
  async function expectStatistics(page, stats) {
    const expected = Object.fromEntries(stats.map((r) => [r.kindName, [count(r.total), count(r.followed)]]));
    const table = page.getByRole('table', { name: '学员动态统计' });
    assert.deepEqual(
      await until(
        () => shownStatistics(table),
        (v) => sameJson(v, expected),
      ),
      expected,
    );
  }

  it('学员动态管理 before: the principal’s statistics are the server’s', async () => {
    const [request] = await Promise.all([
      managerPage.waitForRequest(isPost('/api/studentDynamic/statistics')),
      managerPage.goto(`${server.origin}/qualityCheckManagement/studentDynamicManage`),
    ]);
    const search = requestBody(request);
    const today = chinaDay(Date.now());
    assert.deepEqual(
      [search.beginTimeStart, search.beginTimeEnd],
      [chinaDay(Date.now() - 29 * DAY_MS), today],
      'the last 30 days, today included',
    );
    assert.equal(search.followed, undefined, 'the statistics cover every state');
    const stats = await post(managerPage, '/api/studentDynamic/statistics', search);
    assert.equal(stats.at(-1).kindName, '合计');
    await expectStatistics(managerPage, stats);
    await screenshot(managerPage, 'student-dynamic-manage-before');
    Object.assign(the, { statsSearch: search, statsBefore: stats });
    assert.deepEqual(pageErrors, []);
  });

  it('学员动态跟进: the teacher follows a dynamic up by 微信; it leaves 待跟进 and shows under 已跟进', async () => {
    const table = page.getByRole('table', { name: '学员动态', exact: true });
    const first = await requestOf(
      page,
      '/api/studentDynamic/list',
      () => true,
      () => page.goto(`${server.origin}/easyServer/studentDynamicFollowup`),
    );
    assert.deepEqual(first, {
      beginTimeStart: chinaDay(Date.now() - 29 * DAY_MS),
      beginTimeEnd: chinaDay(Date.now()),
      followed: 0,
      pageNo: 1,
      pageSize: 30,
    });
    const toFollow = await post(page, '/api/studentDynamic/list', first);
    assert.ok(toFollow.total > 0, 'the demo teacher has dynamics to follow up');
    assert.ok(
      toFollow.records.every((r) => !r.followed && r.teacherName === TEACHER.name),
      JSON.stringify(toFollow.records),
    );
    const labels = toFollow.records.map(dynamicLabel);
    assert.deepEqual(await rowLabels(table, labels), labels, 'the latest first, as the server answers');
    await page.getByText(`共 ${toFollow.total} 条`).waitFor();
    await screenshot(page, 'student-dynamic-to-follow');

    // 跟进 the first: its facts, 微信, the note (required here as on the server).
    const dynamic = toFollow.records[0];
    await table.getByRole('button', { name: `跟进 ${dynamicLabel(dynamic)}` }).click();
    const dialog = page.getByRole('dialog', { name: '跟进' });
    await dialog
      .getByText(`${dynamic.kindName} · ${studentText(dynamic)} · ${chinaTime(dynamic.happenedAt)}`)
      .waitFor();
    await dialog.getByText(dynamic.detail, { exact: true }).waitFor();
    const follows = [];
    const onRequest = (r) => {
      if (isPost('/api/studentDynamic/follow')(r)) follows.push(r);
    };
    page.on('request', onRequest);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('请填写跟进情况').waitFor();
    assert.equal(follows.length, 0, 'nothing sent without a note');
    page.off('request', onRequest);
    await dialog.getByLabel('方式').getByText('微信', { exact: true }).click();
    await dialog.getByRole('textbox', { name: '跟进情况' }).fill(NOTE);
    await screenshot(page, 'student-dynamic-follow');
    const [response] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/studentDynamic/follow')(r.request())),
      dialog.getByRole('button', { name: '保存' }).click(),
    ]);
    assert.deepEqual(requestBody(response.request()), {
      kind: dynamic.kind,
      sourceKey: dynamic.sourceKey,
      method: 2,
      note: NOTE,
    });
    const answer = await response.json();
    assert.equal(answer.code, '1', JSON.stringify(answer));
    const followed = answer.data;
    assert.deepEqual(
      [followed.followed, followed.methodName, followed.note, followed.followedBy],
      [true, '微信', NOTE, TEACHER.name],
    );
    await page.getByText('跟进已保存').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // It leaves 待跟进: the list is read again.
    const rest = await post(page, '/api/studentDynamic/list', first);
    assert.equal(rest.total, toFollow.total - 1);
    assert.ok(!rest.records.some((r) => r.sourceKey === dynamic.sourceKey));
    const restLabels = rest.records.map(dynamicLabel);
    assert.deepEqual(await rowLabels(table, restLabels), restLabels);
    await page.getByText(`共 ${rest.total} 条`).waitFor();

    // 已跟进: it alone, with how, when and by whom, and the note.
    const done = await requestOf(
      page,
      '/api/studentDynamic/list',
      (b) => b.followed === 1,
      () => page.getByLabel('跟进状态').getByText('已跟进', { exact: true }).click(),
    );
    assert.deepEqual(unpaged(done), { ...unpaged(first), followed: 1 });
    const followedList = await post(page, '/api/studentDynamic/list', done);
    assert.deepEqual(
      followedList.records.map((r) => r.sourceKey),
      [dynamic.sourceKey],
    );
    const row = followedList.records[0];
    assert.deepEqual(await rowLabels(table, [dynamicLabel(row)]), [dynamicLabel(row)]);
    const [[, cells]] = await tableRows(table, (rows) => rows.length === 1);
    assert.equal(cells.followed, `已跟进微信 · ${chinaTime(row.followedAt)} · ${TEACHER.name}`);
    assert.equal(cells.note, NOTE);
    assert.equal(cells.studentName, studentText(row));
    await screenshot(page, 'student-dynamic-followed');
    the.dynamic = row;
    assert.deepEqual(pageErrors, []);
  });

  it('学员动态管理 after: one more 已跟进 of the kind and in 合计; the list shows the teacher’s follow-up', async () => {
    const { dynamic, statsSearch, statsBefore } = the;
    assert.ok(dynamic && statsBefore, 'the dynamic was followed up');
    const [request] = await Promise.all([
      managerPage.waitForRequest(isPost('/api/studentDynamic/statistics')),
      managerPage.reload(),
    ]);
    assert.deepEqual(requestBody(request), statsSearch);
    const stats = await post(managerPage, '/api/studentDynamic/statistics', statsSearch);
    const followedOf = (rows) => Object.fromEntries(rows.map((r) => [r.kind, r.followed]));
    const before = followedOf(statsBefore);
    const expectedFollowed = { ...before, [dynamic.kind]: before[dynamic.kind] + 1, 0: before[0] + 1 };
    assert.deepEqual(followedOf(stats), expectedFollowed, 'one more followed up of its kind and in 合计');
    await expectStatistics(managerPage, stats);

    // The list under 已跟进: the teacher's follow-up.
    const list = managerPage.getByRole('table', { name: '学员动态', exact: true });
    const search = await requestOf(
      managerPage,
      '/api/studentDynamic/list',
      (b) => b.followed === 1,
      () => managerPage.getByLabel('跟进状态').getByText('已跟进', { exact: true }).click(),
    );
    const page1 = await post(managerPage, '/api/studentDynamic/list', search);
    assert.ok(
      page1.records.some((r) => r.sourceKey === dynamic.sourceKey && r.followedBy === TEACHER.name),
      JSON.stringify(page1.records),
    );
    const labels = page1.records.map(dynamicLabel);
    assert.deepEqual(await rowLabels(list, labels), labels);
    const rows = await tableRows(list, (v) => v.length === labels.length);
    const [, cells] = rows.find(([label]) => label === dynamicLabel(dynamic));
    assert.equal(cells.note, NOTE);
    assert.match(cells.followed, new RegExp(`微信 · .* · ${TEACHER.name}$`));
    await screenshot(managerPage, 'student-dynamic-manage-after');
    assert.deepEqual(pageErrors, []);
  });
});
