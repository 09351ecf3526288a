// End-to-end tests of the learning camps' statistics (学习营统计) against the real server and its
// demo records, as the demo teacher who owns the demo camps: the demo camp's overview shows the
// figures the API answers, a member opens their drawer with their tasks and a praise poster; and,
// live, a camp created and published through the API shows a student's joining and finishing a
// task on the open page without a reload (magic_camp_changed).
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, pageApi, screenshot, waitConnected } from './browser.mjs';
import { cards, closeReportPage, count, openReportPage, post, rowLabels, until } from './report-page.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
const DEMO_CAMP = '导数专题21天训练营';
const PAGE = '/knowledgeRepository/training/trainingStatistics';
const STATS = '/api/camp/statistics';

/** The overview's cards as the page shows them, by label. */
async function overviewCards(page) {
  return Object.fromEntries(await cards(page, '学习营概览'));
}

describe('EduHub learning camp statistics', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** The page's script errors. */
  let pageErrors;

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('camp-statistics', TEACHER));
  });

  after(() => closeReportPage({ context, browser, server }));

  /** A POST of a student (no session: the join link's and the member's tokens); returns data. */
  async function studentPost(path, body) {
    const res = await fetch(`${server.origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const envelope = await res.json();
    assert.equal(envelope.code, '1', `${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  }

  it('学习营统计: the demo camp’s overview as the API answers it; a member’s drawer', async () => {
    const camps = await post(page, `${STATS}/campListByCollectionId`, {});
    const camp = camps.find((c) => c.campName === DEMO_CAMP);
    assert.ok(camp, `the demo teacher owns ${DEMO_CAMP}`);
    await page.goto(`${server.origin}${PAGE}?campId=${camp.campId}`);
    const overview = await post(page, `${STATS}/overview`, { campId: camp.campId });
    assert.ok(overview.memberCount > 0 && overview.doneCount > 0, 'the demo camp has members who did tasks');
    const shown = await until(
      () => overviewCards(page),
      (c) => c['学员数'] === count(overview.memberCount) && c['完成任务次数'] === count(overview.doneCount),
    );
    assert.equal(shown['学员数'], count(overview.memberCount));
    assert.equal(shown['完成任务次数'], count(overview.doneCount));
    assert.equal(shown['任务数'], count(overview.taskCount));
    assert.equal(await page.getByRole('textbox', { name: '学习营' }).inputValue(), DEMO_CAMP);

    // The phases as the API lists them, each with its tasks linking to their statistics.
    const phases = await post(page, `${STATS}/phase/list`, { campId: camp.campId });
    const phaseTable = page.getByRole('table', { name: '阶段统计' });
    const phaseNames = phases.map((p) => p.phaseName);
    assert.deepEqual(await rowLabels(phaseTable, phaseNames), phaseNames);
    const working = await post(page, '/api/camp/phase', { campId: camp.campId });
    const firstTask = working[0].tasks[0];
    const taskLink = phaseTable.getByRole('link', { name: firstTask.taskName, exact: true });
    assert.equal(
      await taskLink.getAttribute('href'),
      `/knowledgeRepository/training/taskResourceStatistics?campId=${camp.campId}&taskId=${firstTask.taskId}`,
    );

    // The members' first page as the API answers it.
    const members = await post(page, `${STATS}/condition/student/list`, {
      campId: camp.campId,
      pageNo: 1,
      pageSize: 30,
    });
    const memberTable = page.getByRole('table', { name: '学员统计' });
    const names = members.records.map((m) => m.studentName);
    assert.deepEqual(await rowLabels(memberTable, names), names);
    await page.getByText(`共 ${members.total} 条`, { exact: true }).waitFor();
    await screenshot(page, 'camp-statistics');

    // A member who did tasks: their drawer, their tasks and a praise poster.
    const member = members.records.find((m) => m.doneCount > 0);
    assert.ok(member, 'a demo member did tasks');
    const tasks = await post(page, `${STATS}/student/detail/list`, { campId: camp.campId, memberId: member.memberId });
    await memberTable
      .getByRole('row', { name: member.studentName, exact: true })
      .getByRole('button', { name: member.studentName, exact: true })
      .click();
    const drawer = page.getByRole('dialog', { name: `${member.studentName}的学习记录` });
    await drawer.waitFor();
    const done = drawer.getByRole('region', { name: '学员概况' }).getByRole('group', { name: '已完成/任务数' });
    assert.equal(await done.locator(':scope > :last-child').textContent(), `${member.doneCount}/${member.taskCount}`);
    const taskNames = tasks.map((t) => t.taskName);
    assert.deepEqual(await rowLabels(drawer.getByRole('table', { name: '任务记录' }), taskNames), taskNames);
    await drawer.getByRole('button', { name: '表扬海报' }).click();
    const poster = drawer.getByRole('img', { name: `${member.studentName}的表扬海报` });
    await poster.waitFor();
    assert.match(await poster.getAttribute('src'), /^data:image\/svg\+xml;base64,/);
    assert.equal(
      await drawer.getByRole('link', { name: '下载海报' }).getAttribute('download'),
      `表扬海报-${member.studentName}.svg`,
    );
    await screenshot(page, 'camp-statistics-member');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    assert.deepEqual(pageErrors, []);
  });

  it('live: a student’s joining and finishing a task show on the open page without a reload', async () => {
    // A fresh camp with one flash-card task, published (every demo student is a member of the demo camp).
    const created = await post(page, '/api/camp/create', { campName: `实时统计测试营${Date.now() % 100_000}` });
    const campId = created.campId;
    const phase = await post(page, '/api/camp/add-phase', { campId, phaseName: '第一阶段' });
    const [task] = await post(page, '/api/camp/add-phase-task', {
      campId,
      phaseId: phase.phaseId,
      taskList: [{ taskName: '实时闪卡', taskType: 4, cards: [{ front: '导数', back: '变化率' }], bizId: '', ext: '' }],
    });
    await post(page, '/api/camp/publish', { campId });

    await page.goto(`${server.origin}${PAGE}?campId=${campId}`);
    await waitConnected(page);
    const before = await until(
      () => overviewCards(page),
      (c) => c['学员数'] === '0' && c['任务数'] === '1',
    );
    assert.equal(before['学员数'], '0');
    assert.equal(before['完成任务次数'], '0');
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    // A demo student joins through the general join link and finishes the task.
    const qr = await pageApi(page, `/api/camp/publish/qrCode/getQrCode?campId=${campId}&dpId=0`);
    const token = new URL(qr.url).searchParams.get('token');
    assert.ok(token, qr.url);
    const students = await post(page, '/api/teaching/students', { pageNo: 1, pageSize: 30 });
    const student = students.records[0];
    assert.ok(student, 'the demo teacher has students');
    const joined = await studentPost('/api/camp/student/join', {
      token,
      studentCode: student.code,
      studentName: student.name,
    });
    const joinedCards = await until(
      () => overviewCards(page),
      (c) => c['学员数'] === '1',
    );
    assert.equal(joinedCards['学员数'], '1');
    assert.equal(joinedCards['完成任务次数'], '0');

    await studentPost('/api/camp/student/task/done', { memberToken: joined.memberToken, taskId: task.taskId });
    const after = await until(
      () => overviewCards(page),
      (c) => c['完成任务次数'] === '1',
    );
    assert.equal(after['完成任务次数'], '1');
    assert.equal(after['完成率'], '100%');
    const overview = await post(page, `${STATS}/overview`, { campId });
    assert.equal(after['完成任务次数'], count(overview.doneCount));
    // The member's row shows it too; the page was never reloaded.
    const row = page.getByRole('table', { name: '学员统计' }).getByRole('row', { name: student.name, exact: true });
    await until(
      () => row.textContent(),
      (t) => t.includes('1/1'),
    );
    assert.match(await row.textContent(), /1\/1/);
    assert.equal(navigations, 0);
    await screenshot(page, 'camp-statistics-live');
    assert.deepEqual(pageErrors, []);
  });
});
