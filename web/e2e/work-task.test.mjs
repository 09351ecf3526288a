// End-to-end test of the work tasks (工作任务) against the real server and its demo records: on
// 我的任务 the demo teacher's counts and tasks are the server's; a task not done (the most
// pressing) is opened in 任务详情 and finished there with a note (完成任务), after which the page,
// the counts and the 已完成 list show it done as the server keeps it. On 工作任务质检 the demo
// inspector (孙质检) finds that task by its lesson's day, executor and student and checks it
// 不合格 with a remark (required on the page as on the server); the list shows the check, and the
// teacher's 我的任务 counts it 不合格 and 任务详情 shows who checked it and why. Every figure is
// checked against the server's own answers.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, pageApi, screenshot } from './browser.mjs';
import {
  cards,
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
/** An operator: the QC inspector of the demo's first school. */
const INSPECTOR = { email: 'inspector@demo.eduhub', name: '孙质检' };
const NOTE = '已与家长电话沟通，课后反馈已发送。';
const REMARK = '反馈未写明下次课的学习目标，请补充。';

const CHINA_MS = 8 * 3_600_000;
/** An instant as the pages show it in China time (YYYY-MM-DD HH:mm); 0 is '-'. */
const chinaTime = (ms) => (ms > 0 ? new Date(ms + CHINA_MS).toISOString().slice(0, 16).replace('T', ' ') : '-');
/** The day (YYYY-MM-DD) of an instant in China time. */
const chinaDay = (ms) => new Date(ms + CHINA_MS).toISOString().slice(0, 10);
/** A task's row name (work-task-dict taskLabel). */
const taskLabel = (t) => `${t.taskName} ${t.studentName} #${t.id}`;
/** 任务概览 as its cards show the server's counts. */
const overview = (c) => [
  ['待完成', count(c.todo)],
  ['已逾期', count(c.overdue)],
  ['已完成', count(c.done)],
  ['不合格', count(c.unqualified)],
];

describe('EduHub work tasks (工作任务)', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  /** The teacher's page. */
  let page;
  let pageErrors;
  /** The inspector's page, in a context of its own. */
  let inspectorContext;
  let inspectorPage;
  /** What the steps share: the task, the teacher's counts. */
  const the = {};

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('work-task', TEACHER.email));
    ({ context: inspectorContext, page: inspectorPage } = await openSecondPage(
      { browser, server, pageErrors },
      'work-task inspector',
      INSPECTOR.email,
    ));
  });

  after(async () => {
    await inspectorContext?.close();
    await closeReportPage({ context, browser, server });
  });

  /** 我的任务 opened afresh: its cards once they are the server's counts; returns the counts. */
  async function openMyTasks() {
    const [first] = await Promise.all([
      page.waitForRequest(isPost('/api/workTask/my/list')),
      page.goto(`${server.origin}/easyServer/myTask`),
    ]);
    assert.deepEqual(requestBody(first), { status: 0, pageNo: 1, pageSize: 30 }, '待完成 first');
    const counts = await pageApi(page, '/api/workTask/my/count');
    const expected = overview(counts);
    assert.deepEqual(
      await until(
        () => cards(page, '任务概览'),
        (v) => sameJson(v, expected),
      ),
      expected,
    );
    return counts;
  }

  /** Shows the tasks of a state (its segment) and returns the server's answer to the page's search. */
  async function showState(state, status) {
    const search = await requestOf(
      page,
      '/api/workTask/my/list',
      (b) => b.status === status,
      () => page.getByLabel('任务状态').getByText(state, { exact: true }).click(),
    );
    const answer = await post(page, '/api/workTask/my/list', search);
    const table = page.getByRole('table', { name: '我的任务列表' });
    const labels = answer.records.map(taskLabel);
    assert.deepEqual(await rowLabels(table, labels), labels, `${state} as the server lists them`);
    await page.getByText(`共 ${answer.total} 条`).waitFor();
    return answer;
  }

  /** A fact of 任务详情 (a group named by its label) as shown. */
  const fact = (label) =>
    page
      .getByRole('group', { name: label, exact: true })
      .innerText()
      .then((t) => t.replace(/^[^：]*：\s*/, '').trim());

  it('我的任务: the teacher opens a task not done in 任务详情 and finishes it with a note', async () => {
    const counts = await openMyTasks();
    // The most pressing task not done: overdue ones first, else those to do.
    const [state, status] = counts.overdue > 0 ? ['已逾期', 2] : ['待完成', 0];
    assert.ok(counts.overdue + counts.todo > 0, `the demo teacher has a task not done: ${JSON.stringify(counts)}`);
    const open = await showState(state, status);
    const task = open.records[0];
    assert.equal(task.executorName, TEACHER.name);
    await screenshot(page, 'work-task-mine');

    await page
      .getByRole('table', { name: '我的任务列表' })
      .getByRole('link', { name: `详情 ${taskLabel(task)}` })
      .click();
    await page.waitForURL(`${server.origin}/easyServer/workTaskDetail?id=${task.id}`);
    await page.getByRole('heading', { name: task.taskName, level: 4 }).waitFor();
    assert.equal(await fact('环节'), task.stepName);
    assert.equal(await fact('执行人'), `${task.executorName}（${task.executorEmail}）`);
    assert.equal(await fact('状态'), state);
    assert.equal(await fact('截止时间'), chinaTime(task.endAt));
    assert.equal(await fact('学员'), task.studentName);
    assert.equal(await fact('学员编号'), task.studentCode);
    assert.equal(await fact('上课日期'), chinaDay(task.lessonTime));
    assert.equal(await fact('完成时间'), '-');

    await page.getByRole('button', { name: '完成', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '完成任务' });
    await dialog.getByText(`${task.taskName} · ${task.stepName} · ${task.studentName}`).waitFor();
    await dialog.getByText(`截止时间：${chinaTime(task.endAt)}`).waitFor();
    await dialog.getByRole('textbox', { name: '完成说明' }).fill(NOTE);
    await screenshot(page, 'work-task-finish');
    const [response] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/workTask/finish')(r.request())),
      dialog.getByRole('button', { name: '确认完成' }).click(),
    ]);
    assert.deepEqual(requestBody(response.request()), { id: task.id, note: NOTE });
    const answer = await response.json();
    assert.equal(answer.code, '1', JSON.stringify(answer));
    const done = answer.data;
    assert.deepEqual([done.status, done.note, done.finishedLate], [1, NOTE, status === 2]);
    await page.getByText('任务已标记为完成').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The page shows it as the server keeps it, with nothing more to do.
    const stored = await post(page, '/api/workTask/detail', { id: task.id });
    assert.deepEqual([stored.status, stored.note, stored.finishedAt], [1, NOTE, done.finishedAt]);
    const doneState = stored.finishedLate ? '逾期完成' : '已完成';
    await until(
      () => fact('状态'),
      (v) => v === doneState,
    );
    assert.equal(await fact('状态'), doneState);
    assert.equal(await fact('完成说明'), NOTE);
    assert.equal(await fact('完成时间'), chinaTime(stored.finishedAt));
    assert.equal(await page.getByRole('button', { name: '完成', exact: true }).count(), 0);
    await screenshot(page, 'work-task-done');

    // 我的任务: one fewer not done, one more done; 已完成 lists it with its note.
    const after = await openMyTasks();
    const moved = status === 2 ? { overdue: counts.overdue - 1 } : { todo: counts.todo - 1 };
    assert.deepEqual(after, { ...counts, ...moved, done: counts.done + 1 });
    const doneList = await showState('已完成', 1);
    assert.ok(
      doneList.records.some((r) => r.id === task.id),
      JSON.stringify(doneList.records),
    );
    const rows = await tableRows(page.getByRole('table', { name: '我的任务列表' }), (v) => v.length > 0);
    const [, cells] = rows.find(([label]) => label === taskLabel(task));
    assert.deepEqual([cells.status, cells.finishedAt], [doneState, chinaTime(stored.finishedAt)]);
    assert.equal(
      await page
        .getByRole('table', { name: '我的任务列表' })
        .getByRole('button', { name: `完成 ${taskLabel(task)}` })
        .count(),
      0,
      'a done task is not finished again',
    );
    Object.assign(the, { task: stored, counts: after });
    assert.deepEqual(pageErrors, []);
  });

  it('工作任务质检: the inspector checks the finished task 不合格 with a remark; the teacher sees it', async () => {
    const { task, counts } = the;
    assert.ok(task, 'the task was finished');
    const ip = inspectorPage;
    await ip.goto(`${server.origin}/qualityCheckManagement/workTaskQcManage`);
    const table = ip.getByRole('table', { name: '工作任务列表' });
    await table.waitFor();

    // The task's lesson day, its executor and student.
    const search = ip.getByRole('search', { name: '筛选条件' });
    const day = chinaDay(task.lessonTime);
    await search.getByLabel('开始日期').fill(day);
    await search.getByLabel('结束日期').fill(day);
    await search.getByRole('textbox', { name: '执行人' }).fill(TEACHER.email);
    await search.getByRole('textbox', { name: '学员' }).fill(task.studentCode);
    const wire = await requestOf(
      ip,
      '/api/workTask/qc/list',
      (b) => b.teacherEmail === TEACHER.email && b.studentNoAndName === task.studentCode,
      () => search.getByRole('button', { name: '查询', exact: true }).click(),
    );
    assert.deepEqual([wire.beginTimeStart, wire.beginTimeEnd], [day, day]);
    const found = await post(ip, '/api/workTask/qc/list', wire);
    assert.ok(
      found.records.some((r) => r.id === task.id),
      JSON.stringify(found),
    );
    const labels = found.records.map(taskLabel);
    assert.deepEqual(await rowLabels(table, labels), labels);
    const rowOf = async () => {
      const rows = await tableRows(table, (v) => v.length === labels.length);
      return rows.find(([label]) => label === taskLabel(task))[1];
    };
    const before = await rowOf();
    assert.deepEqual(
      [before.executorName, before.status, before.note, before.qcStatus],
      [TEACHER.name, task.finishedLate ? '逾期完成' : '已完成', NOTE, '未质检'],
    );
    await screenshot(ip, 'work-task-qc-list');

    // 质检: 不合格 needs a remark, here as on the server.
    await table.getByRole('button', { name: `质检 ${taskLabel(task)}` }).click();
    const dialog = ip.getByRole('dialog', { name: '质检' });
    await dialog.getByText(`完成说明：${NOTE}`).waitFor();
    await dialog.getByRole('radio', { name: '不合格' }).check();
    const checks = [];
    const onRequest = (r) => {
      if (isPost('/api/workTask/qc/check')(r)) checks.push(r);
    };
    ip.on('request', onRequest);
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('不合格时请填写质检备注').waitFor();
    ip.off('request', onRequest);
    assert.equal(checks.length, 0, 'nothing sent without a remark');
    await dialog.getByRole('textbox', { name: '质检备注' }).fill(REMARK);
    await screenshot(ip, 'work-task-qc-check');
    const [response] = await Promise.all([
      ip.waitForResponse((r) => isPost('/api/workTask/qc/check')(r.request())),
      dialog.getByRole('button', { name: '确定' }).click(),
    ]);
    assert.deepEqual(requestBody(response.request()), { ids: [task.id], qcStatus: 2, remark: REMARK });
    const answer = await response.json();
    assert.equal(answer.code, '1', JSON.stringify(answer));
    assert.deepEqual(answer.data, { checked: 1, skipped: [] });
    await ip.getByText('已质检 1 条任务').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The list is read again: the check as the server keeps it.
    const checked = await post(ip, '/api/workTask/detail', { id: task.id });
    assert.deepEqual([checked.qcStatus, checked.qcRemark, checked.qcOperatorName], [2, REMARK, INSPECTOR.name]);
    const shown = await until(rowOf, (v) => v.qcStatus === '不合格');
    assert.deepEqual(
      [shown.qcStatus, shown.qcOperatorName, shown.qcAt, shown.qcRemark],
      ['不合格', INSPECTOR.name, chinaTime(checked.qcAt), REMARK],
    );
    await screenshot(ip, 'work-task-qc-checked');

    // The teacher: one more 不合格 in 我的任务, the check in the row and in 任务详情.
    const after = await openMyTasks();
    assert.deepEqual(after, { ...counts, unqualified: counts.unqualified + 1 });
    await showState('已完成', 1);
    const rows = await tableRows(page.getByRole('table', { name: '我的任务列表' }), (v) => v.length > 0);
    const [, cells] = rows.find(([label]) => label === taskLabel(task));
    assert.deepEqual([cells.qcStatus, cells.qcRemark], ['不合格', REMARK]);
    await page.goto(`${server.origin}/easyServer/workTaskDetail?id=${task.id}`);
    const qc = page.getByRole('region', { name: '质检信息' });
    await qc.waitFor();
    await until(
      () => fact('质检状态'),
      (v) => v === '不合格',
    );
    assert.equal(await fact('质检状态'), '不合格');
    assert.equal(await fact('质检人'), INSPECTOR.name);
    assert.equal(await fact('质检备注'), REMARK);
    assert.equal(await fact('质检时间'), chinaTime(checked.qcAt));
    await screenshot(page, 'work-task-checked-detail');
    assert.deepEqual(pageErrors, []);
  });
});
