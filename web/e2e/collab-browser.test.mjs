// Co-editing in the browser against the real server: two teachers in two browser contexts edit the
// same lesson feedback report. Run with `npm run e2e` after `npm run build`; the server binary
// comes from EDUHUB_BIN (default ../target/debug/eduhub). Screenshots go to web/test-output/.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, launchBrowser, loginAs, openPage, screenshot } from './browser.mjs';
import { EduHubServer } from './server.mjs';

const skip = browserTestsSkipped();

const TEACHER = { email: 'teacher@demo.eduhub', name: '张老师' };
const TEACHER2 = { email: 'teacher2@demo.eduhub', name: '李老师' };
const MANAGER = { email: 'manager@demo.eduhub', name: '钱学管' };
const CONSULTANT = { email: 'consultant@demo.eduhub', name: '赵顾问' };

const REPORT = '/easyServer/feedbackEdit?id=1';

/** Calls the API from inside the page (with its session cookie); returns data. */
async function pagePost(page, path, body) {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(b),
      });
      return (await res.json()).data;
    },
    [path, body],
  );
}

describe('co-editing in the browser', { skip: skip ?? false }, () => {
  /** @type {EduHubServer} */
  let server;
  let browser;

  before(async () => {
    server = await EduHubServer.create();
    await server.start();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(account) {
    const { context, page } = await openPage(browser, {}, account.email);
    await loginAs(page, server.origin, account.email);
    return { context, page };
  }

  /** Opens a document page and waits until it is in step with the server. */
  async function openDocument(page, path) {
    await page.goto(`${server.origin}${path}`);
    await page.locator('[data-collab-state="synced"]').waitFor({ timeout: 15_000 });
  }

  const section = (page, title) => page.getByRole('textbox', { name: title, exact: true });

  it('two teachers type in the same section and see each other’s text and caret', async () => {
    const a = await signedIn(TEACHER);
    const b = await signedIn(TEACHER2);
    await openDocument(a.page, REPORT);
    await openDocument(b.page, REPORT);
    await a.page.getByRole('status', { name: '文档状态：已连接' }).waitFor();
    for (const title of [
      '课程总结',
      '课堂表现',
      '老师寄语',
      '课后作业',
      '下节预习',
      '上次复习待办',
      '上次待办',
      '知识点',
      'AI老师点评',
    ]) {
      await section(a.page, title).waitFor();
    }

    const summaryA = section(a.page, '课程总结');
    const summaryB = section(b.page, '课程总结');
    await summaryA.click();
    await a.page.keyboard.type('张老师：本节课复习了二次函数的图像。');
    await summaryB.getByText('张老师：本节课复习了二次函数的图像。').waitFor({ timeout: 5_000 });

    await summaryB.click();
    await b.page.keyboard.press('Control+End');
    await b.page.keyboard.press('Enter');
    await b.page.keyboard.type('李老师：学生能独立求顶点坐标。');
    await summaryA.getByText('李老师：学生能独立求顶点坐标。').waitFor({ timeout: 5_000 });
    await summaryB.getByText('张老师：本节课复习了二次函数的图像。').waitFor();

    // Each sees the other's caret, labelled with the other's name, in that section only.
    const caretOfB = summaryA.locator(`[data-caret-user="${TEACHER2.email}"]`);
    await caretOfB.waitFor({ timeout: 5_000 });
    assert.equal((await caretOfB.innerText()).trim(), TEACHER2.name);
    // A's caret: A puts the cursor back into the section (B's click took A's focus nowhere, but
    // make sure A's selection is current).
    await summaryA.click();
    await a.page.keyboard.press('Control+End');
    await a.page.keyboard.insertText('（已补充）');
    const caretOfA = summaryB.locator(`[data-caret-user="${TEACHER.email}"]`);
    await caretOfA.waitFor({ timeout: 5_000 });
    assert.equal((await caretOfA.innerText()).trim(), TEACHER.name);
    await summaryB.getByText('（已补充）').waitFor();

    // The section's avatars name who works in it.
    const inSummaryA = a.page.getByRole('list', { name: '课程总结中的成员' });
    await inSummaryA.getByRole('listitem', { name: TEACHER2.name }).waitFor();
    await b.page
      .getByRole('list', { name: '课程总结中的成员' })
      .getByRole('listitem', { name: TEACHER.name })
      .waitFor();
    await a.page.getByRole('list', { name: '在线成员' }).getByRole('listitem', { name: TEACHER2.name }).waitFor();

    // What the editors wrote is what the server's REST detail reads: one line per paragraph.
    const detail = await pagePost(a.page, '/api/report/feedback/v2/detail', { reportId: 1 });
    assert.equal(
      detail.sections.courseSummary,
      '张老师：本节课复习了二次函数的图像。\n李老师：学生能独立求顶点坐标。（已补充）',
    );
    assert.equal(detail.canEdit, true);
    // And a REST save shows in the open editors at once.
    const saved = await server.call(
      'POST',
      '/api/report/feedback/course/performance/save',
      await server.token(TEACHER.email),
      {
        reportId: 1,
        content: '课堂专注，积极发言。',
      },
    );
    assert.equal(saved.code, '1', `save failed: ${JSON.stringify(saved)}`);
    await section(b.page, '课堂表现').getByText('课堂专注，积极发言。').waitFor({ timeout: 5_000 });
    await a.page.getByText('学生：').waitFor();

    await a.page.waitForTimeout(200);
    await screenshot(a.page, 'collab-teacher-sees-teacher2');
    await screenshot(b.page, 'collab-teacher2-sees-teacher');

    // B moves to another section: A's avatars follow.
    await section(b.page, '课后作业').click();
    await b.page.keyboard.type('完成课后练习 1-5 题。');
    await a.page
      .getByRole('list', { name: '课后作业中的成员' })
      .getByRole('listitem', { name: TEACHER2.name })
      .waitFor();
    await section(a.page, '课后作业').getByText('完成课后练习 1-5 题。').waitFor();

    await a.context.close();
    // A's page is gone: B no longer lists A.
    await b.page
      .getByRole('list', { name: '在线成员' })
      .getByRole('listitem', { name: TEACHER.name })
      .waitFor({ state: 'detached', timeout: 5_000 });
    await b.context.close();
  });

  it('the preview is read-only and shows the text', async () => {
    const m = await signedIn(MANAGER);
    await openDocument(m.page, '/easyServer/feedbackPreview?id=1&from=2');
    const summary = section(m.page, '课程总结');
    await summary.getByText('张老师：本节课复习了二次函数的图像。').waitFor();
    assert.equal(await summary.getAttribute('contenteditable'), 'false');
    assert.equal(await summary.getAttribute('aria-readonly'), 'true');
    assert.equal(await m.page.getByRole('button', { name: '加粗' }).count(), 0, 'no toolbar');
    await m.page.getByText('只读').waitFor();
    await screenshot(m.page, 'collab-preview-read-only');
    await m.context.close();
  });

  it('a reader opening the editor gets it read-only, as the server says (canEdit false)', async () => {
    const m = await signedIn(MANAGER);
    await openDocument(m.page, REPORT);
    await m.page.getByText('学生：').waitFor();
    const summary = section(m.page, '课程总结');
    await summary.getByText('张老师：本节课复习了二次函数的图像。').waitFor();
    await m.page.getByText('只读', { exact: true }).waitFor();
    assert.equal(await summary.getAttribute('contenteditable'), 'false');
    assert.equal(await m.page.getByRole('button', { name: '加粗' }).count(), 0, 'no toolbar');
    await m.context.close();
  });

  it('the signed preview link opens without login and shows the report', async () => {
    const token = await server.token(TEACHER.email);
    const qr = await server.call('POST', '/api/report/feedback/qrcode/generate', token, { reportId: 1 });
    assert.equal(qr.code, '1', `qrcode failed: ${JSON.stringify(qr)}`);
    assert.match(qr.data.url, /\/feedbackPreviewPc\?token=/);
    const { context, page } = await openPage(browser);
    await page.goto(qr.data.url);
    await page.getByText('李老师：学生能独立求顶点坐标。（已补充）').waitFor({ timeout: 10_000 });
    await page.getByText('课堂专注').waitFor();
    assert.match(page.url(), /\/feedbackPreviewPc\?token=/, 'no login was asked for');
    assert.equal(await page.getByRole('textbox').count(), 0, 'nothing to edit');
    await screenshot(page, 'collab-preview-pc');
    await page.goto(`${server.origin}/feedbackPreviewPc?token=1.99999999999999.forged`);
    await page.getByText('预览链接无效或已过期，请向老师索取新的链接。').waitFor();
    await context.close();
  });

  it('an outsider sees 无权访问该文档', async () => {
    const c = await signedIn(CONSULTANT);
    const sockets = [];
    c.page.on('websocket', (ws) => {
      if (ws.url().includes('/collab/')) sockets.push(ws.url());
    });
    await c.page.goto(`${server.origin}${REPORT}`);
    await c.page.getByRole('alert').getByText('无权访问该文档').waitFor({ timeout: 10_000 });
    await c.page.locator('[data-collab-state="denied"]').waitFor();
    await c.page.waitForTimeout(2_000);
    assert.equal(sockets.length, 1, `one attempt only, got ${sockets.length}`);
    await screenshot(c.page, 'collab-outsider-denied');
    await c.context.close();
  });

  it('the handout editor co-edits handout/{paperId}', async () => {
    const a = await signedIn(TEACHER);
    await openDocument(a.page, '/knowledgeSectionEdit?paperId=1&ver=0');
    for (const title of ['讲义标题', '知识梳理', '例题精讲', '课堂练习', '课后作业'])
      await section(a.page, title).waitFor();
    await section(a.page, '讲义标题').click();
    await a.page.keyboard.type('函数与导数');
    // The same teacher in another browser gets it through the server.
    const b = await signedIn(TEACHER);
    await openDocument(b.page, '/knowledgeSectionEdit?paperId=1&ver=0');
    await section(b.page, '讲义标题').getByText('函数与导数').waitFor({ timeout: 5_000 });
    await screenshot(a.page, 'collab-handout');
    await a.context.close();
    await b.context.close();
  });

  it('an editor turned reader continues read-only; once removed they see 无权访问该文档', async () => {
    const owner = await server.token(TEACHER.email);
    const b = await signedIn(TEACHER2);
    const sockets = [];
    b.page.on('websocket', (ws) => {
      if (ws.url().includes('/collab/')) sockets.push(ws.url());
    });
    await openDocument(b.page, REPORT);
    await b.page.getByText('学生：').waitFor();
    assert.equal(await section(b.page, '课程总结').getAttribute('contenteditable'), 'true');

    const downgrade = await server.call('POST', '/api/collab/member/save', owner, {
      docType: 'feedback',
      id: 1,
      email: TEACHER2.email,
      canEdit: false,
    });
    assert.equal(downgrade.code, '1', `downgrade failed: ${JSON.stringify(downgrade)}`);
    // The server closes the socket with 4403; the page looks once more and reopens read-only.
    await b.page.getByText('只读', { exact: true }).waitFor({ timeout: 10_000 });
    await b.page.locator('[data-collab-state="synced"]').waitFor();
    assert.equal(await section(b.page, '课程总结').getAttribute('contenteditable'), 'false');
    assert.equal(sockets.length, 2, 'one more connection after the 4403');
    await screenshot(b.page, 'collab-turned-reader');

    const removed = await server.call('POST', '/api/collab/member/remove', owner, {
      docType: 'feedback',
      id: 1,
      email: TEACHER2.email,
    });
    assert.equal(removed.code, '1', `removal failed: ${JSON.stringify(removed)}`);
    await b.page.getByRole('alert').getByText('无权访问该文档').waitFor({ timeout: 10_000 });
    await b.page.waitForTimeout(1_500);
    assert.equal(sockets.length, 3, 'one look after the removal, refused, and no more');
    await b.context.close();

    const back = await server.call('POST', '/api/collab/member/save', owner, {
      docType: 'feedback',
      id: 1,
      email: TEACHER2.email,
      canEdit: true,
    });
    assert.equal(back.code, '1');
  });

  it('once submitted the report opens read-only', async () => {
    const token = await server.token(TEACHER.email);
    for (const body of [{ reportId: 1 }, { reportId: 1, fullSubmit: true }]) {
      const res = await server.call('POST', '/api/report/feedback/confirm', token, body);
      assert.equal(res.code, '1', `confirm failed: ${JSON.stringify(res)}`);
    }
    const a = await signedIn(TEACHER);
    await openDocument(a.page, REPORT);
    await a.page.getByText('已提交，只读').waitFor();
    await a.page.getByText('已提交', { exact: true }).waitFor();
    assert.equal(await section(a.page, '课程总结').getAttribute('contenteditable'), 'false');
    await screenshot(a.page, 'collab-submitted-read-only');
    await a.context.close();
  });
});
