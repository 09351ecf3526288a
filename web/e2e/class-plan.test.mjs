// End-to-end test of the one-on-one course plans (一对一课程计划, 规划报告) against the real server
// and its demo records, as the demo teacher, in China time: the data centre's records give the
// teacher one-on-one packages with attendance; 一对一课程计划 lists them as `classPlan/packages`
// answers; a package without a plan opens (also from its student's page), the teacher writes a goal
// and three lessons, each with a knowledge point of the package's atlas, and saves them; a reload
// shows them as stored; 确认计划 confirms the plan; 规划报告 shows the progress, attendance and
// points that follow from the package's lessons (`classPlan/detail`: those present or late are
// attended, and the n-th attended lesson carries out item n).
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, screenshot } from './browser.mjs';
import { cards, closeReportPage, isPost, openReportPage, post, rowLabels } from './report-page.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
const GOAL = '夯实基础概念，掌握常见题型的解题方法，期末成绩提高 15 分。';
const TITLES = ['基础概念梳理', '典型例题精讲', '综合练习与讲评'];
const NOTE = '课后完成练习 10 题';

/** An instant's day in China time (the page's), YYYY-MM-DD. */
const chinaDay = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
/** A package's row in the list (class-plan-dict packageRowLabel). */
const rowLabel = (p) => `${p.studentName} ${p.code}`;
/** The server's percentage: one decimal, -1 without a base. */
const percent = (n, d) => (d <= 0 ? -1 : Math.round((n * 1000) / d) / 10);
/** A percentage as the report shows it (66.7%, 100%; '/' without a base). */
const rateText = (p) => (p === -1 ? '/' : `${Number(p.toFixed(1))}%`);
/** The atlas stage of a grade (class-plan-dict stageOfGrade). */
const stageOf = (grade) => (grade.trim().startsWith('初') ? 3 : 4);
/** The points of an atlas, depth first. */
const leaves = (nodes) => nodes.flatMap((n) => (n.children.length > 0 ? leaves(n.children) : [n]));
const ATTENDED = [1, 2];

describe('EduHub one-on-one course plans (一对一课程计划)', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  let pageErrors;
  /** What the steps share: the package, its lessons, the points picked. */
  const the = {};

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('class-plan', TEACHER));
  });

  after(() => closeReportPage({ context, browser, server }));

  it('lists the teacher’s one-on-one packages; a package without a plan opens from the list and from its student', async () => {
    const packages = await post(page, '/api/classPlan/packages', {});
    assert.ok(packages.length > 0, 'the demo teacher has one-on-one packages');
    // A package without a plan, of at least three lessons, with lessons attended; fewer than three
    // attended when there is one, so that the report has items done and items to come.
    const candidates = [];
    for (const p of packages.filter((p) => p.planStatus === 0 && p.totalLessons >= 3)) {
      const detail = await post(page, '/api/classPlan/detail', { packageId: p.packageId });
      const attended = detail.lessons.filter((l) => ATTENDED.includes(l.status)).length;
      if (attended > 0) candidates.push({ pkg: p, detail, attended });
    }
    assert.ok(candidates.length > 0, `a package without a plan has attendance: ${JSON.stringify(packages)}`);
    const { pkg, detail } = candidates.find((c) => c.attended < 3) ?? candidates[0];
    assert.deepEqual([detail.canEdit, detail.updatedAt, detail.items], [true, 0, []]);
    assert.equal(detail.package.usedLessons, detail.lessons.filter((l) => ATTENDED.includes(l.status)).length);

    await page.goto(`${server.origin}/easyServer/OneOnOneClassPlan`);
    const table = page.getByRole('table', { name: '一对一课时包' });
    await table.waitFor({ timeout: 15_000 });
    const labels = packages.map(rowLabel);
    assert.deepEqual(await rowLabels(table, labels), labels);
    const row = table.getByRole('row', { name: rowLabel(pkg), exact: true });
    const text = await row.innerText();
    assert.match(text, new RegExp(`${pkg.usedLessons}/${pkg.totalLessons}`));
    assert.match(text, /未制定/);
    await screenshot(page, 'class-plan-list');

    // The package's student page links it to its plan.
    await page.goto(`${server.origin}/easyServer/myStudent/studentDetail/${pkg.studentId}`);
    await page.getByRole('tab', { name: '一对一课时包' }).click();
    const fromStudent = page.getByRole('link', { name: `课程计划 ${pkg.name}` }).first();
    await fromStudent.waitFor({ timeout: 15_000 });
    assert.ok(
      (
        await page
          .getByRole('link', { name: `课程计划 ${pkg.name}` })
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')))
      ).includes(`/easyServer/OneOnOneClassPlan?packageId=${pkg.packageId}`),
    );

    await page.goBack();
    await table.waitFor({ timeout: 15_000 });
    await table.getByRole('link', { name: `课程计划 ${rowLabel(pkg)}` }).click();
    await page.waitForURL(`${server.origin}/easyServer/OneOnOneClassPlan?packageId=${pkg.packageId}`);
    await page.getByRole('heading', { name: `${pkg.studentName} · ${pkg.name}` }).waitFor({ timeout: 15_000 });
    assert.match(
      await page.getByRole('group', { name: '已上/总课时', exact: true }).innerText(),
      new RegExp(`${pkg.usedLessons}/${pkg.totalLessons}`),
    );
    Object.assign(the, { pkg, detail });
    assert.deepEqual(pageErrors, []);
  });

  it('writes a goal and three lessons with knowledge points, saves them; a reload shows them', async () => {
    const { pkg } = the;
    assert.ok(pkg, 'a package was opened');
    const atlas = await post(page, '/api/teaching/plan/knw/tree', { subject: pkg.subject, stage: stageOf(pkg.grade) });
    const points = leaves(atlas).slice(0, 3);
    assert.equal(points.length, 3, `the atlas has three points: ${JSON.stringify(atlas)}`);

    await page.getByRole('textbox', { name: '课程目标' }).fill(GOAL);
    const item = (n) => page.getByRole('listitem', { name: `第 ${n} 次课`, exact: true });
    for (const [i, title] of TITLES.entries()) {
      await page.getByRole('button', { name: '添加一次课' }).click();
      await item(i + 1)
        .getByRole('textbox', { name: '课程内容' })
        .fill(title);
      await item(i + 1)
        .getByRole('textbox', { name: '知识点' })
        .click();
      await page.getByRole('option', { name: points[i].name, exact: true }).click();
      await page.keyboard.press('Escape');
    }
    await item(2).getByRole('textbox', { name: '备注' }).fill(NOTE);
    await page.getByText('有未保存的修改').waitFor();
    await screenshot(page, 'class-plan-editor');

    const [saved] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/classPlan/save')(r.request())),
      page.getByRole('button', { name: '保存', exact: true }).click(),
    ]);
    assert.deepEqual(JSON.parse(saved.request().postData()), {
      packageId: pkg.packageId,
      goal: GOAL,
      items: TITLES.map((title, i) => ({ title, pointIds: [points[i].id], note: i === 1 ? NOTE : '' })),
      updatedAt: 0,
    });
    const answer = await saved.json();
    assert.equal(answer.code, '1', JSON.stringify(answer));
    assert.deepEqual([answer.data.status, answer.data.statusName], [1, '草稿']);
    await page.getByText('课程计划已保存').first().waitFor();
    await page.getByText('有未保存的修改').waitFor({ state: 'detached' });

    // As stored: a reload reads it back.
    await page.reload();
    await page.getByRole('list', { name: '课次' }).waitFor({ timeout: 15_000 });
    assert.equal(await page.getByRole('textbox', { name: '课程目标' }).inputValue(), GOAL);
    for (const [i, title] of TITLES.entries()) {
      assert.equal(
        await item(i + 1)
          .getByRole('textbox', { name: '课程内容' })
          .inputValue(),
        title,
      );
      await item(i + 1)
        .getByText(points[i].name, { exact: true })
        .waitFor();
    }
    assert.equal(await item(2).getByRole('textbox', { name: '备注' }).inputValue(), NOTE);
    const stored = await post(page, '/api/classPlan/detail', { packageId: pkg.packageId });
    assert.deepEqual(
      stored.items.map((i) => [i.position, i.title, i.points.map((p) => p.nodeId), i.note]),
      TITLES.map((title, i) => [i + 1, title, [points[i].id], i === 1 ? NOTE : '']),
    );
    // The n-th attended lesson carries out item n, and the page says so.
    const attended = stored.lessons.filter((l) => ATTENDED.includes(l.status));
    for (const [i, it] of stored.items.entries()) {
      assert.deepEqual(it.lesson, attended[i] ?? null);
      const badge = it.lesson ? `已上课 ${chinaDay(it.lesson.startAt)} ${it.lesson.statusName}` : '未上课';
      await item(i + 1)
        .getByText(badge, { exact: true })
        .waitFor();
    }
    Object.assign(the, { points, stored });
    assert.deepEqual(pageErrors, []);
  });

  it('确认计划 confirms it; 规划报告 shows the progress, attendance and points of the package’s lessons', async () => {
    const { pkg, points, stored } = the;
    assert.ok(stored, 'the plan was saved');
    await page.getByRole('button', { name: '确认计划' }).click();
    const dialog = page.getByRole('dialog', { name: '确认课程计划' });
    const [confirmed] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/classPlan/confirm')(r.request())),
      dialog.getByRole('button', { name: '确认计划' }).click(),
    ]);
    const plan = (await confirmed.json()).data;
    assert.deepEqual([plan.status, plan.statusName], [2, '已确认']);
    await page.getByText('课程计划已确认').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('button', { name: '确认计划' }).count(), 0);

    // What the report must show, from the package's lessons as `classPlan/detail` gives them.
    const { lessons, items } = plan;
    const count = (status) => lessons.filter((l) => l.status === status).length;
    const attended = lessons.filter((l) => ATTENDED.includes(l.status));
    const done = Math.min(items.length, attended.length);
    const progress = percent(done, items.length);
    const attendanceRate = percent(attended.length, lessons.length);
    const total = plan.package.totalLessons;
    const used = plan.package.usedLessons;
    assert.equal(used, attended.length);

    await page.getByRole('link', { name: '规划报告' }).click();
    await page.waitForURL(`${server.origin}/easyServer/planReport?packageId=${pkg.packageId}`);
    await page.getByRole('heading', { name: '规划报告' }).waitFor({ timeout: 15_000 });
    const report = await post(page, '/api/classPlan/report', { packageId: pkg.packageId });
    assert.deepEqual(
      [report.attendance.present, report.attendance.late, report.attendance.absent, report.attendance.leave],
      [count(1), count(2), count(3), count(4)],
    );
    assert.deepEqual(
      [report.progressRate, report.attendance.attendanceRate, report.remainingLessons],
      [progress, attendanceRate, Math.max(0, total - used)],
    );

    assert.deepEqual(await cards(page, '学习进度'), [
      ['已完成课次', `${done}/${items.length}`],
      ['完成率', rateText(progress)],
      ['已上/总课时', `${used}/${total}`],
      ['剩余课时', String(Math.max(0, total - used))],
    ]);
    assert.equal(
      await page.getByRole('progressbar', { name: '计划完成进度' }).getAttribute('aria-valuenow'),
      String(progress < 0 ? 0 : progress),
    );
    assert.deepEqual(await cards(page, '出勤情况'), [
      ['出勤', String(count(1))],
      ['迟到', String(count(2))],
      ['缺勤', String(count(3))],
      ['请假', String(count(4))],
      ['出勤率', rateText(attendanceRate)],
    ]);
    assert.deepEqual(await cards(page, '知识点'), [
      ['计划知识点', '3'],
      ['已覆盖知识点', String(done)],
    ]);
    assert.match(await page.getByRole('region', { name: '课程目标' }).innerText(), new RegExp(GOAL));

    // The lessons as a timeline: done with their day, the next ones highlighted.
    const timeline = page.getByRole('region', { name: '课程安排' }).getByRole('listitem');
    const states = await timeline.evaluateAll((lis) => lis.map((li) => li.dataset.state));
    assert.deepEqual(
      states,
      items.map((_, i) => (i < done ? 'done' : 'next')),
    );
    for (const [i, it] of items.entries()) {
      const text = await timeline.nth(i).innerText();
      assert.match(text, new RegExp(`第 ${i + 1} 次课 · ${it.title}`));
      assert.match(text, new RegExp(points[i].name));
      assert.match(text, i < done ? new RegExp(`已上课 ${chinaDay(attended[i].startAt)}`) : /即将上课/);
    }
    await page.getByRole('button', { name: '打印' }).waitFor();
    await screenshot(page, 'class-plan-report');

    // The teacher goes back to the plan from the report.
    await page.getByRole('link', { name: '编辑课程计划' }).click();
    await page.waitForURL(`${server.origin}/easyServer/OneOnOneClassPlan?packageId=${pkg.packageId}`);
    await page.getByText('已确认', { exact: true }).first().waitFor();
    assert.deepEqual(pageErrors, []);
  });
});
