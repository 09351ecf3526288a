// End-to-end tests of the download queue against the real server: an Excel export submitted
// from the download centre turns ready live (magic_001 pushes, no reload, no downloadCheck poll
// while the socket is open), a click on the ready file in the header popover downloads it, and a
// keyword filters the centre's table and goes with the download-history export as reqParams.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  browserTestsSkipped,
  launchBrowser,
  loginAs,
  openPage,
  pagePost,
  screenshot,
  waitConnected,
} from './browser.mjs';
import { EduHubServer, OUTPUT_DIR } from './server.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
const SOCKET_PATH = '/socket/im/magic/';

describe('EduHub downloads', { skip: skip ?? false }, () => {
  /** @type {EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** Whether the real-time socket is open (from its first frame to its close). */
  let socketOpen = false;
  /** downloadCheck calls, with the socket state at the time. */
  const checks = [];
  const fileFetches = [];

  before(async () => {
    server = await EduHubServer.create();
    await server.start();
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, { acceptDownloads: true }));
    page.on('websocket', (ws) => {
      if (!ws.url().includes(SOCKET_PATH)) return;
      ws.on('framereceived', () => {
        socketOpen = true;
      });
      ws.on('close', () => {
        socketOpen = false;
      });
    });
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/download/downloadCheck') checks.push({ at: Date.now(), socketOpen });
      if (url.pathname.startsWith('/api/download/file/')) fileFetches.push(url.pathname);
    });
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  /** The page's POST with its session cookie; returns the envelope. */
  const post = (path, body) => pagePost(page, path, body);

  const popoverButton = () => page.getByRole('button', { name: /^下载列表/ });
  const popoverList = () => page.getByRole('list', { name: '最近下载' });

  it('the teacher opens the empty download list and goes to the download centre', async () => {
    await loginAs(page, server.origin, TEACHER);
    await waitConnected(page);
    assert.ok(socketOpen, 'the socket has delivered its first frame');
    await popoverButton().click();
    await page.getByText('暂无下载记录').first().waitFor();
    await screenshot(page, 'downloads-popover-empty');
    await page.getByRole('link', { name: '更多下载记录' }).click();
    await page.waitForURL(`${server.origin}/downloadCenter`);
    await page.getByRole('heading', { name: '下载中心' }).waitFor();
    await page.evaluate(() => {
      window.__noReload = true;
    });
  });

  it('an export submitted from the download centre turns ready live', async () => {
    await page.getByRole('button', { name: '导出通知列表' }).click();
    await page.getByText('已加入到下载队列').first().waitFor();
    const row = page.getByRole('table', { name: '下载记录' }).getByRole('row', { name: '通知列表.xlsx' });
    await row.waitFor();
    await page.locator('tr[data-status="3"]', { hasText: '通知列表.xlsx' }).waitFor({ timeout: 20_000 });
    await row.getByText('可下载').waitFor();
    await page.getByText('文件生成完成').first().waitFor();
    // The header's badge counts the ready file, from the push.
    await page.getByRole('button', { name: '下载列表（1）' }).waitFor();
    await screenshot(page, 'downloads-center-ready');
    assert.equal(await page.evaluate(() => window.__noReload), true, 'the page was not reloaded');
  });

  it('the open popover follows a new export to ready without reopening', async () => {
    await popoverButton().click();
    const list = popoverList();
    await list.getByRole('listitem', { name: '通知列表.xlsx' }).waitFor();
    // Submitted while the popover stays open: only pushes can bring it in and make it ready.
    const res = await post('/api/producer_api/submitExcelTask', {
      fileType: 3,
      excelType: 'notices',
      businessName: '通知列表副本',
      reqParams: {},
    });
    assert.equal(res.code, '1', JSON.stringify(res));
    const item = list.getByRole('listitem', { name: '通知列表副本.xlsx' });
    await item.waitFor({ timeout: 20_000 });
    await list
      .locator('[role="listitem"][data-status="3"]', { hasText: '通知列表副本.xlsx' })
      .waitFor({ timeout: 20_000 });
    await item.getByText('可下载').waitFor();
    await page.getByRole('button', { name: '下载列表（2）' }).waitFor();
    await screenshot(page, 'downloads-popover-ready');
    assert.equal(await page.evaluate(() => window.__noReload), true, 'the page was not reloaded');
  });

  it('a click on the ready file downloads it and marks it downloaded', async () => {
    const item = popoverList().getByRole('listitem', { name: '通知列表副本.xlsx' });
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByText('通知列表副本.xlsx').click()]);
    assert.match(download.suggestedFilename(), /^通知列表副本\.xlsx$/);
    const saved = join(OUTPUT_DIR, 'downloads-export.xlsx');
    await download.saveAs(saved);
    const bytes = readFileSync(saved);
    assert.ok(bytes.length > 0, 'the file is not empty');
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'an xlsx (zip) file');
    assert.equal(fileFetches.length, 1, `one fetch of the file: ${fileFetches}`);
    await popoverList()
      .locator('[role="listitem"][data-status="4"]', { hasText: '通知列表副本.xlsx' })
      .waitFor({ timeout: 10_000 });
    await item.getByText('已下载').waitFor();
    // The server marked it downloaded too (and pushed it: the badge counts only the other file).
    await page.getByRole('button', { name: '下载列表（1）' }).waitFor();
    const list = await post('/api/download/downloadList', { pageNo: 1, pageSize: 10 });
    const task = list.data.records.find((t) => t.fileName === '通知列表副本.xlsx');
    assert.equal(task.fileStatus, 4);
    await screenshot(page, 'downloads-popover-downloaded');
  });

  it('a task is deleted from the popover', async () => {
    const item = popoverList().getByRole('listitem', { name: '通知列表副本.xlsx' });
    await item.getByRole('button', { name: '删除 通知列表副本.xlsx' }).click();
    await item.waitFor({ state: 'detached' });
    const list = await post('/api/download/downloadList', { pageNo: 1, pageSize: 10 });
    assert.deepEqual(
      list.data.records.map((t) => t.fileName),
      ['通知列表.xlsx'],
    );
  });

  it('a keyword filters the download centre, and 导出下载记录 exports with that filter', async () => {
    // A click outside closes the popover (its delete button, which had the focus, is gone).
    await page.getByRole('heading', { name: '下载中心' }).click();
    await popoverList().waitFor({ state: 'hidden' });
    // A second, differently named task beside 通知列表.xlsx.
    const res = await post('/api/producer_api/submitExcelTask', {
      fileType: 3,
      excelType: 'notices',
      businessName: '期中成绩',
      reqParams: {},
    });
    assert.equal(res.code, '1', JSON.stringify(res));
    const table = page.getByRole('table', { name: '下载记录' });
    const rowNames = () =>
      table
        .locator('tbody tr[data-task-id]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')).sort());
    await table.locator('tr[data-status="3"]', { hasText: '期中成绩.xlsx' }).waitFor({ timeout: 20_000 });
    assert.deepEqual(await rowNames(), ['期中成绩.xlsx', '通知列表.xlsx']);

    const keyword = page.getByRole('textbox', { name: '文件名' });
    await keyword.fill('期中');
    await keyword.press('Enter');
    await table.getByRole('row', { name: '通知列表.xlsx', exact: true }).waitFor({ state: 'detached' });
    assert.deepEqual(await rowNames(), ['期中成绩.xlsx']);
    await page.getByText('共 1 条').waitFor();
    await screenshot(page, 'downloads-center-filtered');

    // The export carries the list's filter, so the file holds what the table shows.
    const [request] = await Promise.all([
      page.waitForRequest((req) => new URL(req.url()).pathname === '/api/producer_api/submitExcelTask'),
      page.getByRole('button', { name: '导出下载记录' }).click(),
    ]);
    const body = JSON.parse(request.postData() ?? '{}');
    assert.equal(body.excelType, 'downloadHistory');
    assert.deepEqual(body.reqParams, { keyword: '期中' });
    const answer = await (await request.response()).json();
    assert.equal(answer.code, '1', JSON.stringify(answer));

    // 下载记录.xlsx turns ready (three ready files in the badge) but does not match: not listed.
    await page.getByRole('button', { name: '下载列表（3）' }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(500); // the page read that followed the last push has answered
    assert.deepEqual(await rowNames(), ['期中成绩.xlsx']);
    const everything = await post('/api/download/downloadList', { pageNo: 1, pageSize: 10 });
    assert.deepEqual(everything.data.records.map((t) => t.fileName).sort(), [
      '下载记录.xlsx',
      '期中成绩.xlsx',
      '通知列表.xlsx',
    ]);
  });

  it('made no downloadCheck request while the socket was open', () => {
    const whileOpen = checks.filter((c) => c.socketOpen);
    assert.equal(whileOpen.length, 0, `downloadCheck while the socket was open: ${JSON.stringify(whileOpen)}`);
    assert.ok(socketOpen, 'the socket stayed open');
  });
});
