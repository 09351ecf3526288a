// The feedback report in its flow, and a shared handout, in the browser against the real server
// (`eduhub serve --demo`): the teacher writes a new report of one of their lessons, shares it with
// a co-teacher through the share dialog, both type in it live, the teacher submits it (with the
// full-submit confirm) and its preview link opens read-only without login. Then the teacher shares
// the demo handout with the co-teacher, who could not open it before, and both co-edit it.
// Run with `npm run build`, then `node --test e2e/feedback-flow.test.mjs` (EDUHUB_BIN names the
// server binary). Screenshots go to web/test-output/.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, closeDialogs, launchBrowser, loginAs, openPage, screenshot } from './browser.mjs';
import { EduHubServer } from './server.mjs';

const skip = browserTestsSkipped();

const TEACHER = { email: 'teacher@demo.eduhub', name: '张老师' };
const TEACHER2 = { email: 'teacher2@demo.eduhub', name: '李老师' };

/** A day as YYYY-MM-DD in China Standard Time, `days` from today. */
function chinaDay(days = 0) {
  const d = new Date(Date.now() + days * 24 * 3600 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d);
}

describe('the feedback report in its flow, and a shared handout', { skip: skip ?? false }, () => {
  /** @type {EduHubServer} */
  let server;
  let browser;
  const contexts = [];

  before(async () => {
    server = await EduHubServer.create();
    await server.start();
    browser = await launchBrowser();
  });

  after(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(account) {
    const { context, page } = await openPage(browser, {}, account.email);
    contexts.push(context);
    await loginAs(page, server.origin, account.email);
    return { context, page };
  }

  /** Opens a document page and waits until it is in step with the server. */
  async function openDocument(page, path) {
    await page.goto(`${server.origin}${path}`);
    await page.locator('[data-collab-state="synced"]').waitFor({ timeout: 15_000 });
  }

  const section = (page, title) => page.getByRole('textbox', { name: title, exact: true });

  /** The share dialog: opened by 共享, the colleague found by `search`, added with `right`. */
  async function shareThroughDialog(page, { search, email, right }) {
    await page.getByRole('button', { name: '共享', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '共享给同事' });
    await dialog.waitFor();
    const input = dialog.getByRole('textbox', { name: '同事' });
    await input.click();
    await input.fill(search);
    if (search !== email) {
      // A colleague found by name: the option names them with their e-mail and schools.
      const option = page.getByRole('option', { name: new RegExp(email.replace(/[.@]/g, '\\$&')) });
      await option.waitFor({ timeout: 5_000 });
      await option.click();
      assert.equal(await input.inputValue(), email);
    }
    // The right, as the segmented control's label.
    await dialog
      .locator('label')
      .filter({ hasText: new RegExp(`^${right}$`) })
      .click();
    await dialog.getByRole('button', { name: '添加', exact: true }).click();
    const row = dialog.getByRole('table', { name: '成员列表' }).getByRole('row').filter({ hasText: email });
    await row.waitFor({ timeout: 5_000 });
    return dialog;
  }

  it('teacher and co-teacher write a report together, the teacher submits it, the preview is read-only', async () => {
    const a = await signedIn(TEACHER);
    // A report of one of the teacher's lessons this week, new (no report written yet).
    const api = (path, body) =>
      a.page.evaluate(
        async ([p, b]) => {
          const res = await fetch(p, {
            method: 'POST',
            credentials: 'include',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(b),
          });
          return res.json();
        },
        [path, body],
      );
    const schedule = await api('/api/teaching/schedule', { from: chinaDay(0), to: chinaDay(6) });
    assert.equal(schedule.code, '1', JSON.stringify(schedule));
    let target = null;
    for (const lesson of schedule.data.filter((l) => !l.online)) {
      const detail = await api('/api/teaching/lesson/detail', { id: lesson.id });
      if (detail.code !== '1' || !detail.data.canWriteFeedback) continue;
      const student = detail.data.students.find((s) => s.reportId === 0);
      if (student) {
        target = { lessonId: lesson.id, studentId: student.studentId, studentName: student.studentName };
        break;
      }
    }
    assert.ok(target, 'a lesson of the teacher with a student without a report');
    const init = await api('/api/report/feedback/v2/init', { lessonId: target.lessonId, studentId: target.studentId });
    assert.equal(init.code, '1', JSON.stringify(init));
    const reportId = init.data.reportId;
    assert.equal(init.data.status, 0);
    const editor = `/easyServer/feedbackEdit?id=${reportId}`;

    await openDocument(a.page, editor);
    await a.page.getByText(`学生：${target.studentName}`).waitFor();
    await a.page.getByText('草稿', { exact: true }).waitFor();
    assert.equal(await a.page.getByRole('button', { name: '提交', exact: true }).isEnabled(), true);

    // Before it is shared, the co-teacher may not open it.
    const b = await signedIn(TEACHER2);
    await b.page.goto(`${server.origin}${editor}`);
    await b.page.getByRole('alert').getByText('无权访问该文档').waitFor({ timeout: 10_000 });

    // The teacher shares it with the co-teacher, found by name, as editor.
    const dialog = await shareThroughDialog(a.page, { search: TEACHER2.name, email: TEACHER2.email, right: '可编辑' });
    assert.equal(await dialog.getByRole('combobox', { name: `${TEACHER2.name}的权限` }).inputValue(), 'edit');
    await screenshot(a.page, 'feedback-flow-shared');
    await closeDialogs(a.page);

    // The co-teacher opens it and may edit; submitting and sharing are the teacher's.
    await openDocument(b.page, editor);
    await b.page.getByText(`学生：${target.studentName}`).waitFor();
    await section(b.page, '课程总结').waitFor();
    assert.equal(await section(b.page, '课程总结').getAttribute('contenteditable'), 'true');
    await b.page.getByRole('button', { name: '预览链接' }).waitFor();
    assert.equal(await b.page.getByRole('button', { name: '提交', exact: true }).count(), 0);
    assert.equal(await b.page.getByRole('button', { name: '共享', exact: true }).count(), 0);

    // Both type, each sees the other's text.
    await section(a.page, '课程总结').click();
    await a.page.keyboard.type('张老师：复习了二次函数的顶点式。');
    await section(b.page, '课程总结').getByText('张老师：复习了二次函数的顶点式。').waitFor({ timeout: 5_000 });
    await section(b.page, '老师寄语').click();
    await b.page.keyboard.type('李老师：继续保持，多做练习。');
    await section(a.page, '老师寄语').getByText('李老师：继续保持，多做练习。').waitFor({ timeout: 5_000 });
    await screenshot(b.page, 'feedback-flow-co-teacher');

    // The teacher submits it after the full-submit confirm.
    await a.page.getByRole('button', { name: '提交', exact: true }).click();
    const confirm = a.page.getByRole('dialog', { name: '全部提交' });
    await confirm.getByText('报告将先确认，再提交。').waitFor();
    await confirm.getByRole('button', { name: '确认提交' }).click();
    await a.page.getByText('报告已提交').waitFor({ timeout: 10_000 });
    await a.page.getByText('已提交', { exact: true }).waitFor();
    await a.page.getByText('已提交，只读').waitFor({ timeout: 10_000 });
    await a.page.waitForFunction(
      () =>
        document.querySelector('[role="textbox"][aria-label="课程总结"]')?.getAttribute('contenteditable') === 'false',
      undefined,
      { timeout: 10_000 },
    );
    assert.equal(await a.page.getByRole('button', { name: '提交', exact: true }).isDisabled(), true);
    // The co-teacher's editor reconnects read-only.
    await b.page.getByText('已提交，只读').waitFor({ timeout: 10_000 });
    await b.page.locator('[data-collab-state="synced"]').waitFor({ timeout: 10_000 });
    assert.equal(await section(b.page, '课程总结').getAttribute('contenteditable'), 'false');
    assert.equal(await b.page.getByRole('button', { name: '加粗' }).count(), 0, 'no toolbar');
    const res = await api('/api/report/feedback/v2/detail', { reportId });
    assert.equal(res.data.report.status, 2);
    assert.equal(res.data.canEdit, false);
    await screenshot(a.page, 'feedback-flow-submitted');

    // The preview link, its QR code and expiry.
    await a.page.getByRole('button', { name: '预览链接' }).click();
    const preview = a.page.getByRole('dialog', { name: '预览链接' });
    await preview.getByRole('img', { name: '预览二维码' }).waitFor({ timeout: 10_000 });
    assert.match(await preview.getByRole('img', { name: '预览二维码' }).getAttribute('src'), /^data:image\/svg\+xml/);
    await preview.getByText(/^有效期至 /).waitFor();
    const url = await preview.getByRole('textbox', { name: '链接' }).inputValue();
    assert.match(url, /\/feedbackPreviewPc\?token=/);
    assert.equal(await preview.getByRole('link', { name: '打开预览' }).getAttribute('href'), url);
    await screenshot(a.page, 'feedback-flow-preview-link');

    // Opened without login, it shows the report read-only.
    const { context, page } = await openPage(browser);
    contexts.push(context);
    await page.goto(url);
    await page.getByText('张老师：复习了二次函数的顶点式。').waitFor({ timeout: 10_000 });
    await page.getByText('李老师：继续保持，多做练习。').waitFor();
    await page.getByText(`学生：${target.studentName}`).waitFor();
    assert.match(page.url(), /\/feedbackPreviewPc\?token=/, 'no login was asked for');
    assert.equal(await page.getByRole('textbox').count(), 0, 'nothing to edit');
    assert.equal(await page.locator('[contenteditable="true"]').count(), 0, 'nothing editable');
    await screenshot(page, 'feedback-flow-preview-read-only');
    await a.context.close();
    await b.context.close();
    await context.close();
  });

  it('the teacher shares a handout with the co-teacher and both co-edit it', async () => {
    const HANDOUT = '/knowledgeSectionEdit?paperId=1&ver=0';
    const b = await signedIn(TEACHER2);
    await b.page.goto(`${server.origin}${HANDOUT}`);
    await b.page.getByText('无法打开讲义').waitFor({ timeout: 10_000 });

    const a = await signedIn(TEACHER);
    await openDocument(a.page, HANDOUT);
    await section(a.page, '讲义标题').waitFor();
    // An e-mail typed in full, as editor.
    const dialog = await shareThroughDialog(a.page, { search: TEACHER2.email, email: TEACHER2.email, right: '可编辑' });
    assert.equal(await dialog.getByRole('combobox', { name: `${TEACHER2.name}的权限` }).inputValue(), 'edit');
    await closeDialogs(a.page);

    await openDocument(b.page, HANDOUT);
    await section(b.page, '知识梳理').waitFor();
    assert.equal(await section(b.page, '知识梳理').getAttribute('contenteditable'), 'true');
    assert.equal(await b.page.getByRole('button', { name: '共享', exact: true }).count(), 0, 'sharing is the owner’s');
    assert.equal(await b.page.getByText('只读', { exact: true }).count(), 0);

    await section(a.page, '知识梳理').click();
    await a.page.keyboard.press('Control+End');
    await a.page.keyboard.press('Enter');
    await a.page.keyboard.type('张老师：导数的几何意义');
    await section(b.page, '知识梳理').getByText('张老师：导数的几何意义').waitFor({ timeout: 5_000 });
    await section(b.page, '课后作业').click();
    await b.page.keyboard.type('李老师：完成习题 2.1');
    await section(a.page, '课后作业').getByText('李老师：完成习题 2.1').waitFor({ timeout: 5_000 });
    await screenshot(b.page, 'feedback-flow-handout-co-edited');

    // Turned reader through the dialog, the co-teacher continues read-only and sees 只读.
    await a.page.getByRole('button', { name: '共享', exact: true }).click();
    const shareDialog = a.page.getByRole('dialog', { name: '共享给同事' });
    await shareDialog.getByRole('combobox', { name: `${TEACHER2.name}的权限` }).selectOption('view');
    await b.page.getByText('只读', { exact: true }).waitFor({ timeout: 10_000 });
    await b.page.locator('[data-collab-state="synced"]').waitFor({ timeout: 10_000 });
    assert.equal(await section(b.page, '课后作业').getAttribute('contenteditable'), 'false');
    await screenshot(b.page, 'feedback-flow-handout-reader');
    await a.context.close();
    await b.context.close();
  });
});
