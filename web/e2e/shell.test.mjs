// End-to-end tests of the shell against the real server (issue "Web app: the shell, session and
// real-time client"). Run with `npm run e2e` after `npm run build`; the server binary comes from
// EDUHUB_BIN (default ../target/debug/eduhub).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  browserTestsSkipped,
  closeDialogs,
  launchBrowser,
  loginAs,
  menuNames,
  openPage,
  pageApi,
  screenshot,
  waitConnected,
} from './browser.mjs';
import { EduHubServer } from './server.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
const ADMIN = 'admin@demo.eduhub';
const SESSION_EXPIRED = '登录过期，请重新登录';

describe('EduHub shell', { skip: skip ?? false }, () => {
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

  const newPage = () => openPage(browser);

  async function publish(title, roles = ['teacher']) {
    const token = await server.token(ADMIN);
    const res = await server.call('POST', '/api/admin/notice/publish', token, {
      title,
      content: `${title}：内容`,
      type: 1,
      roles,
      emails: [],
    });
    assert.equal(res.code, '1', `publish failed: ${JSON.stringify(res)}`);
  }

  it('a visitor is sent to the login page', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.origin}/main/home`);
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: '登录' }).waitFor();
    await screenshot(page, 'login-page');
    await context.close();
  });

  it('a first visit to / shows the login page and no error toast', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.origin}/`);
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: '登录' }).waitFor();
    // A toast would show within the time the refused user-info call takes; give it that and more.
    await page.waitForTimeout(1_000);
    assert.equal(await page.getByText(SESSION_EXPIRED).count(), 0, 'no 登录过期 toast on a first visit');
    assert.equal(await page.locator('.mantine-Notification-root').count(), 0, 'no toast at all');
    await context.close();
  });

  it('the teacher opening a data-centre page lands on /noAuth, by URL and through 功能介绍', async () => {
    const { context, page } = await newPage();
    await loginAs(page, server.origin, TEACHER);
    await page.goto(`${server.origin}/dataCenter/dataBoard`);
    await page.waitForURL(`${server.origin}/noAuth`);
    await page.getByText('暂无权限').waitFor();
    await screenshot(page, 'teacher-no-auth');

    await page.goto(`${server.origin}/help/featureIntro`);
    await page.getByRole('link', { name: '前往数据中心' }).click();
    await page.waitForURL(`${server.origin}/noAuth`);
    // A page of the teacher's own menu still opens.
    await page.goto(`${server.origin}/easyServer/myStudent/studentList`);
    await page.getByRole('tab', { name: /我的学生/ }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/easyServer/myStudent/studentList');
    await context.close();
  });

  it('the demo teacher logs in and sees the teacher menu', async () => {
    const { context, page } = await newPage();
    await loginAs(page, server.origin, TEACHER);
    const menu = await pageApi(page, '/api/pub/user/menu-list');
    const names = await menuNames(page);
    assert.equal(names[0], '首页');
    for (const item of menu) assert.ok(names.includes(item.name), `menu item ${item.name} is shown`);
    await waitConnected(page);
    await screenshot(page, 'teacher-home');
    await context.close();
  });

  it('the teacher opens 反馈 and sees the QR codes of the two configured groups', async () => {
    const { context, page } = await newPage();
    await loginAs(page, server.origin, TEACHER);
    const config = await pageApi(page, '/api/pub/config/shell');
    assert.equal(config.feedbackGroups.length, 2, 'the demo seed configures two groups');
    await page.getByRole('button', { name: '反馈' }).click();
    await page.getByText(config.feedbackHeading).waitFor();
    for (const group of config.feedbackGroups) {
      await page.getByRole('img', { name: `${group.label}二维码` }).waitFor();
    }
    // Both images are decoded, not just in the DOM.
    await page.waitForFunction(() => {
      const imgs = [...document.querySelectorAll('img[alt$="二维码"]')];
      return (
        imgs.length === 2 && imgs.every((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0)
      );
    });
    assert.equal(await page.getByText('二维码暂未配置').count(), 0);
    await screenshot(page, 'teacher-feedback-popover');
    await context.close();
  });

  it('the admin switches identity and the menu changes', async () => {
    const { context, page } = await newPage();
    await loginAs(page, server.origin, ADMIN);
    const before = await menuNames(page);
    const info = await pageApi(page, '/api/pub/user/info');
    const target =
      info.roleList.find((r) => !r.current && r.code === 'teacher') ?? info.roleList.find((r) => !r.current);
    assert.ok(target, 'the admin holds another role');

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '切换身份' }).click();
    const dialog = page.getByRole('dialog', { name: '切换身份' });
    await dialog.waitFor();
    await screenshot(page, 'admin-identity-dialog');
    await dialog.getByRole('radio', { name: target.name }).check();
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: '确定' }).click()]);
    await page.getByText('欢迎回来').waitFor();
    const after = await menuNames(page);
    const switched = await pageApi(page, '/api/pub/user/info');
    assert.equal(switched.roleList.find((r) => r.current)?.code, target.code);
    const menu = await pageApi(page, '/api/pub/user/menu-list');
    for (const item of menu) assert.ok(after.includes(item.name), `menu item ${item.name} is shown`);
    assert.notDeepEqual(after, before, 'the menu changed with the role');
    await screenshot(page, 'admin-as-other-role');
    await context.close();
  });

  it('repeated wrong passwords bring up the captcha image', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.origin}/login`);
    await page.getByLabel('邮箱').fill('inspector@demo.eduhub');
    for (let i = 0; i < 4 && (await page.getByRole('img', { name: '验证码' }).count()) === 0; i += 1) {
      await page.getByLabel('密码').fill(`wrong-${i}`);
      await page.getByRole('button', { name: '登录' }).click();
      await page.getByRole('alert').waitFor();
      await page.waitForTimeout(200);
    }
    const img = page.getByRole('img', { name: '验证码' });
    await img.waitFor();
    await page.waitForFunction(() => {
      const el = document.querySelector('img[alt="验证码"]');
      return el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0;
    });
    await page.getByLabel('验证码').waitFor();
    await screenshot(page, 'login-captcha');
    await context.close();
  });

  it('the super user acts as another account and comes back', async () => {
    const { context, page } = await newPage();
    await loginAs(page, server.origin, ADMIN);
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '虚拟账号' }).click();
    const dialog = page.getByRole('dialog', { name: '虚拟账号' });
    await dialog.getByLabel('账号').fill('teacher2');
    await screenshot(page, 'virtual-account-dialog');
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: '确定' }).click()]);
    await page.getByText('欢迎回来').waitFor();
    const acting = await pageApi(page, '/api/pub/user/info');
    assert.equal(acting.userEmail, 'teacher2@demo.eduhub');
    assert.equal(acting.superUserEmail, ADMIN);
    await closeDialogs(page);

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '虚拟账号' }).click();
    await page.getByText(`当前账号：${ADMIN}`).waitFor();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: '使用当前账号' }).click()]);
    await page.getByText('欢迎回来').waitFor();
    const back = await pageApi(page, '/api/pub/user/info');
    assert.equal(back.userEmail, ADMIN);
    await context.close();
  });

  it('choosing another subject is accepted by the server', async () => {
    const { context, page } = await newPage();
    await loginAs(page, server.origin, TEACHER);
    const info = await pageApi(page, '/api/pub/user/info');
    const options = info.stageList.flatMap((st) => st.subjects.map((su) => ({ st, su })));
    const other = options.find(
      (o) => !(o.st.code === info.selectedStage.code && o.su.code === info.selectedSubject.code),
    );
    if (!other) return;
    const selector = page.getByRole('button', { name: /^学段学科/ });
    await selector.hover();
    await page.getByRole('group', { name: other.st.name }).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'subject-menu');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/pub/user/select'));
    await page.getByRole('group', { name: other.st.name }).getByRole('menuitem', { name: other.su.name }).click();
    const res = await (await answered).json();
    assert.equal(res.code, '1', `select failed: ${JSON.stringify(res)}`);
    await page.getByRole('button', { name: `学段学科：${other.st.name}${other.su.name}` }).waitFor();
    await context.close();
  });

  it('a notice published over REST appears on the teacher page within 2 s', async () => {
    const { context, page } = await newPage();
    await loginAs(page, server.origin, TEACHER);
    await waitConnected(page);
    const title = `期中考试安排 ${Date.now()}`;
    const started = Date.now();
    await publish(title);
    await page.getByRole('dialog', { name: title }).waitFor({ timeout: 2_000 });
    console.log(`# notice shown after ${Date.now() - started} ms`);
    await page.waitForTimeout(300);
    await screenshot(page, 'teacher-notice-dialog');
    await closeDialogs(page);
    await context.close();
  });

  it('after a server restart the page reconnects and receives a notice published meanwhile', async () => {
    const { context, page } = await newPage();
    const sockets = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await loginAs(page, server.origin, TEACHER);
    await waitConnected(page);
    // One message before the restart gives the page an id to resume from.
    const first = `重启前的通知 ${Date.now()}`;
    await publish(first);
    await page.getByRole('dialog', { name: first }).waitFor({ timeout: 2_000 });
    await closeDialogs(page);

    await server.stop();
    await page.locator('[role="status"][data-state="reconnecting"]').waitFor({ timeout: 5_000 });
    await screenshot(page, 'teacher-reconnecting');
    await server.start();
    const title = `重启期间的通知 ${Date.now()}`;
    await publish(title);
    await page.getByRole('dialog', { name: title }).waitFor({ timeout: 10_000 });
    await waitConnected(page);
    assert.match(
      sockets.at(-1),
      /\/socket\/im\/magic\/teacher%40demo\.eduhub\?since=\d+$/,
      'the reconnect resumes with ?since=',
    );
    await page.waitForTimeout(300);
    await screenshot(page, 'teacher-after-restart');
    await closeDialogs(page);
    await context.close();
  });

  it('a session ended from another client sends the user to login with the A0201 text', async () => {
    const { context, page } = await newPage();
    await loginAs(page, server.origin, TEACHER);
    await waitConnected(page);
    const cookies = await context.cookies(server.origin);
    const session = cookies.find((c) => c.httpOnly);
    assert.ok(session, 'the login set an HttpOnly session cookie');
    const res = await server.call('POST', '/api/pub/web/logout', session.value);
    assert.equal(res.code, '1', `logout failed: ${JSON.stringify(res)}`);

    // The server may close the socket; any call answers A0201 anyway.
    try {
      await page.waitForURL(/\/login/, { timeout: 3_000 });
    } catch {
      await page.getByRole('button', { name: /^通知/ }).click();
      await page.waitForURL(/\/login/, { timeout: 5_000 });
    }
    await page.getByText(SESSION_EXPIRED).first().waitFor();
    await screenshot(page, 'session-expired');
    await context.close();
  });

  it('a deleted session cookie sends the user to login with the A0201 text', async () => {
    const { context, page } = await newPage();
    await loginAs(page, server.origin, TEACHER);
    await context.clearCookies();
    await page.getByRole('button', { name: /^通知/ }).click();
    await page.waitForURL(/\/login/, { timeout: 5_000 });
    await page.getByText(SESSION_EXPIRED).first().waitFor();
    await context.close();
  });
});
