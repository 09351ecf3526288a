// End-to-end test of a handout's whole-paper actions against the real server: on the demo handout
// the teacher clicks 保存到知识库 and the result is announced live (a magic_002 push, no reload, no
// poll of the record list), then 下载讲义 queues the paper as a Word document that turns ready in
// the header's download popover (magic_001 pushes). Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, launchBrowser, loginAs, openPage, screenshot, waitConnected } from './browser.mjs';
import { EduHubServer } from './server.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
/** The demo handout. */
const HANDOUT = '/knowledgeSectionEdit?paperId=1&ver=0';
const HANDOUT_TITLE = '函数与导数讲义（演示）';

describe('EduHub save to knowledge base and paper download', { skip: skip ?? false }, () => {
  /** @type {EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** Calls of the save-to-knowledge API, by path. */
  const calls = [];

  before(async () => {
    server = await EduHubServer.create();
    await server.start();
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser));
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.startsWith('/api/library/') || pathname === '/api/download/paper/submit') calls.push(pathname);
    });
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const count = (path) => calls.filter((p) => p === path).length;

  it('the teacher opens the demo handout', async () => {
    await loginAs(page, server.origin, TEACHER);
    await waitConnected(page);
    calls.length = 0;
    await page.goto(`${server.origin}${HANDOUT}`);
    await waitConnected(page);
    await page.locator('[data-collab-state="synced"]').waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: HANDOUT_TITLE }).waitFor();
    await page.getByRole('button', { name: '保存到知识库' }).waitFor();
    await page.getByRole('button', { name: '下载讲义' }).waitFor();
    // The page load's first check ran once (nothing to announce yet).
    assert.equal(count('/api/library/querySaveToKnwRecordList'), 1, calls.join(', '));
    await screenshot(page, 'knowledge-handout');
    await page.evaluate(() => {
      window.__noReload = true;
    });
  });

  it('保存到知识库 is announced live when the server pushes the result', async () => {
    await page.getByRole('button', { name: '保存到知识库' }).click();
    await page.getByText('已提交保存，完成后会通知您').first().waitFor();
    await screenshot(page, 'knowledge-save-submitted');
    const message = page.getByRole('alert').filter({ hasText: `《${HANDOUT_TITLE}》已保存到知识库` });
    await message.waitFor({ timeout: 20_000 });
    assert.equal(await message.evaluate((el) => el.style.top), '80px');
    await screenshot(page, 'knowledge-save-announced');
    assert.equal(await page.evaluate(() => window.__noReload), true, 'the page was not reloaded');
    assert.equal(count('/api/library/saveToKnw'), 1);
    assert.equal(count('/api/library/querySaveToKnwRecordList'), 1, 'no poll of the record list');
    // Marked viewed: the server lists it no more.
    const deadline = Date.now() + 5_000;
    while (count('/api/library/updateUserViewed') < 1) {
      assert.ok(Date.now() < deadline, 'updateUserViewed was called');
      await page.waitForTimeout(100);
    }
    const list = await page.evaluate(async () => {
      const res = await fetch('/api/library/querySaveToKnwRecordList', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      return (await res.json()).data.recordList;
    });
    assert.deepEqual(list, [], 'nothing left unviewed');
  });

  it('下载讲义 adds a task that turns ready in the download popover', async () => {
    await page.getByRole('button', { name: '下载讲义' }).click();
    await page.getByText('已加入到下载队列').first().waitFor();
    assert.equal(count('/api/download/paper/submit'), 1);
    await page.getByRole('button', { name: /^下载列表/ }).click();
    const list = page.getByRole('list', { name: '最近下载' });
    const ready = list.locator('[role="listitem"][data-status="3"]', { hasText: '函数与导数讲义' });
    await ready.waitFor({ timeout: 20_000 });
    await ready.getByText('可下载').waitFor();
    await page.getByRole('button', { name: '下载列表（1）' }).waitFor();
    await screenshot(page, 'knowledge-download-ready');
    assert.equal(await page.evaluate(() => window.__noReload), true, 'the page was not reloaded');
  });
});
