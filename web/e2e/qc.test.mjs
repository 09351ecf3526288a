// End-to-end tests of the service QC against the real server and its demo records, as the demo
// admin: 服务质检 lists staff with punches waiting for a check; a staff member's punches open in a
// drawer; one is checked as 不合格 with a comment (the server keeps the check with the punch); the
// 合计 已质检数 of 质检统计 rises by one. 服务配置 adds a service type that then shows in its list
// and among the enabled services.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, pageApi, screenshot } from './browser.mjs';
import { closeReportPage, count, days, isPost, openReportPage, post, requestBody, until } from './report-page.mjs';

const skip = browserTestsSkipped();

/** A super user with the admin role over every demo school. */
const ADMIN = 'admin@demo.eduhub';
const COMMENT = '服务内容过于简单，请补充与家长沟通的具体事项。';

describe('EduHub service QC', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** The page's script errors. */
  let pageErrors;

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('qc', ADMIN));
  });

  after(() => closeReportPage({ context, browser, server }));

  /** Chooses `option` in the select labelled `label` (Mantine: a text box and a list box). */
  async function choose(label, option, scope = page) {
    await scope.getByRole('textbox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  /**
   * Searches the last 365 days (and whatever else `prepare` sets) with 查询; returns the body of
   * the first call to `path` that searched a year.
   */
  async function searchAYear(path, prepare = async () => {}) {
    await page.getByRole('button', { name: '近365天' }).click();
    await prepare();
    const [request] = await Promise.all([
      page.waitForRequest(isPost(path, (b) => days(b) === 365)),
      page.getByRole('button', { name: '查询', exact: true }).click(),
    ]);
    return requestBody(request);
  }

  /** 质检统计 › 服务, a year: the 合计 row's 已质检数 as shown, once it equals the server's answer. */
  async function checkedInStatistics() {
    const [first] = await Promise.all([
      page.waitForRequest(isPost('/api/serviceStatistics/class')),
      page.goto(`${server.origin}/qualityCheckManagement/qcCount`),
    ]);
    assert.equal(requestBody(first).view, 'teacher', 'the teacher view opens first');
    await page.getByRole('tab', { name: '服务', exact: true }).click();
    const search = await searchAYear('/api/serviceStatistics/service');
    assert.equal(search.view, 'service');
    assert.equal(search.checkStatus, undefined, "服务质检's check status does not narrow the statistics");
    const answer = await post(page, '/api/serviceStatistics/service', search);
    const table = page.getByRole('table', { name: '服务统计' });
    const shown = () =>
      table.evaluate((t) => {
        const accessors = [...t.querySelectorAll('thead th[data-accessor]')].map((th) => th.dataset.accessor);
        const row = t.querySelector('tbody tr[aria-label="合计"]');
        return row?.querySelectorAll('td')[accessors.indexOf('qcCheckedCount')]?.textContent ?? null;
      });
    const expected = count(answer.summary.qcCheckedCount);
    assert.equal(await until(shown, (v) => v === expected), expected, '合计 已质检数 as the server counts');
    return answer.summary.qcCheckedCount;
  }

  it('checks a waiting punch as 不合格 with a comment, and 质检统计 counts it', async () => {
    const checkedBefore = await checkedInStatistics();
    await screenshot(page, 'qc-count-before');

    // 服务质检: the staff of QC teams with their punches of a year.
    await page.goto(`${server.origin}/qualityCheckManagement/serveQC`);
    const list = page.getByRole('table', { name: '服务质检列表' });
    await list.waitFor();
    const search = await searchAYear('/api/qcCheck/list');
    const staff = await post(page, '/api/qcCheck/list', search);
    // A member with a punch waiting for a check (the list's 待质检 means none of theirs is checked).
    const employee = staff.records.find((r) => r.serviceCount > r.checkedCount);
    assert.ok(employee, `the demo has punches waiting for a check in the last year: ${JSON.stringify(staff.records)}`);
    await list.getByRole('row', { name: employee.employeeName }).first().waitFor();
    await screenshot(page, 'qc-serve-list');

    // Their punches in a drawer, those waiting for a check.
    const [firstRead] = await Promise.all([
      page.waitForRequest(isPost('/api/qc/service/detail/list')),
      list.getByRole('button', { name: employee.employeeName, exact: true }).first().click(),
    ]);
    assert.equal(requestBody(firstRead).teacherId, employee.employeeId);
    const drawer = page.getByRole('dialog', { name: `${employee.employeeName} 的服务打卡` });
    const [waitingRead] = await Promise.all([
      page.waitForRequest(isPost('/api/qc/service/detail/list', (b) => b.checkStatus === 0)),
      drawer.getByLabel('打卡质检状态').getByText('待质检', { exact: true }).click(),
    ]);
    const punchSearch = requestBody(waitingRead);
    assert.equal(punchSearch.teacherId, employee.employeeId);
    const punches = await post(page, '/api/qc/service/detail/list', punchSearch);
    assert.ok(punches.records.length > 0, JSON.stringify(punchSearch));
    const punch = punches.records[0];
    assert.equal(punch.checkStatus, 0, 'a punch waiting for a check');
    const rows = drawer.getByRole('table', { name: '服务打卡记录' }).locator('tbody tr[aria-label]');
    const labels = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('aria-label')));
    const waiting = punches.records.length;
    assert.equal((await until(labels, (v) => v.length === waiting)).length, waiting, 'the waiting punches shown');
    await screenshot(page, 'qc-punches');

    // The first punch: what was written, the pre-check, then the check.
    await rows
      .first()
      .getByRole('button', { name: /^质检 / })
      .click();
    const detail = page.getByRole('dialog', { name: '服务打卡详情' });
    await detail.getByRole('list', { name: '预检项' }).waitFor();
    await detail.getByRole('radio', { name: '不合格' }).check();
    await detail.getByRole('button', { name: '提交质检' }).click();
    await detail.getByText('不合格时请填写质检评语').waitFor();
    await detail.getByRole('textbox', { name: '质检评语' }).fill(COMMENT);
    await screenshot(page, 'qc-check-form');
    const [check] = await Promise.all([
      page.waitForRequest(isPost('/api/qc/singleQc')),
      detail.getByRole('button', { name: '提交质检' }).click(),
    ]);
    assert.deepEqual(requestBody(check), {
      punchId: punch.punchId,
      resultStatus: 2,
      classicCase: false,
      comment: COMMENT,
    });
    const answer = await (await check.response()).json();
    assert.equal(answer.code, '1', JSON.stringify(answer));
    assert.equal(answer.data.resultStatus, 2);
    await page.getByText('质检结果已保存').first().waitFor();
    await detail.waitFor({ state: 'detached' });

    // The server keeps the check with the punch.
    const after = await pageApi(page, `/api/taskDetail/byPunchId?punchId=${punch.punchId}`);
    assert.equal(after.punch.checkStatus, 1);
    assert.equal(after.punch.resultStatus, 2);
    assert.ok(
      after.reviews.some((r) => r.resultStatus === 2 && r.comment === COMMENT),
      JSON.stringify(after.reviews),
    );

    // 质检统计 counts one more checked punch.
    assert.equal(await checkedInStatistics(), checkedBefore + 1, '已质检数 rises by the punch checked');
    await screenshot(page, 'qc-count-after');
    assert.deepEqual(pageErrors, []);
  });

  it('adds a service type in 服务配置 that then shows in its list and among the enabled services', async () => {
    await page.goto(`${server.origin}/qualityCheckManagement/serveConfig`);
    const table = page.getByRole('table', { name: '服务类型' });
    await table.waitFor();
    const name = `E2E家访${Date.now() % 100_000}`;

    await page.getByRole('button', { name: '新增服务' }).click();
    const modal = page.getByRole('dialog', { name: '新增服务' });
    await modal.getByRole('textbox', { name: '服务名称' }).fill(name);
    await modal.getByRole('textbox', { name: '图标' }).click();
    await page.getByRole('option', { name: '电话回访' }).click();
    await choose('周期', '每月', modal);
    await modal.getByRole('button', { name: '添加字段' }).click();
    await modal.getByRole('textbox', { name: '字段1标识' }).fill('topic');
    await modal.getByRole('textbox', { name: '字段1名称' }).fill('沟通主题');
    await screenshot(page, 'qc-service-form');
    const [save] = await Promise.all([
      page.waitForRequest(isPost('/api/service/addOrUpdate')),
      modal.getByRole('button', { name: '保存' }).click(),
    ]);
    const sent = requestBody(save);
    assert.equal(sent.name, name);
    assert.equal(sent.periodType, 'month');
    assert.deepEqual(sent.roleCodes, ['teacher']);
    assert.deepEqual(sent.formFields, [
      { key: 'topic', label: '沟通主题', kind: 'text', required: false, options: [] },
    ]);
    const answer = await (await save.response()).json();
    assert.equal(answer.code, '1', JSON.stringify(answer));
    await modal.waitFor({ state: 'detached' });

    // Found by its name in the list, with what was saved.
    await page.getByRole('textbox', { name: '服务名称' }).fill(name);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const row = table.getByRole('row', { name });
    await row.waitFor();
    const text = await row.innerText();
    assert.match(text, /每月/);
    assert.match(text, /教师/);
    assert.match(text, /启用/);
    await screenshot(page, 'qc-service-added');

    const enabled = await post(page, '/api/service/listByCondition', {});
    assert.ok(
      enabled.some((s) => s.id === answer.data.id && s.name === name),
      'an enabled service is offered to the pickers',
    );
    assert.deepEqual(pageErrors, []);
  });
});
