// End-to-end test of the administration (issue 18) on a deployment's first start, without demo
// data: the set-up link the server prints makes the first super user and school; the super user
// invites a teacher (系统管理 › 账号管理), who registers through the link and sees a teacher's
// menus; hiding a menu node reaches the teacher's open page without a reload; disabling the
// teacher ends their session at once (their page goes to the login); the audit log viewer shows
// every step. Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, closeDialogs, launchBrowser, loginAs, openPage, screenshot } from './browser.mjs';
import { until } from './report-page.mjs';
import { EduHubServer } from './server.mjs';

const skip = browserTestsSkipped();

const BOSS = { email: 'boss@school.example', password: 'first-admin-pass' };
const TEACHER = { email: 't1@school.example', password: 'a-good-password' };

/** Sets the answer of the newest captcha drawn for `email` to `r2d2` (the picture is for eyes). */
function answerCaptcha(server, email) {
  const digest = createHash('sha256').update('r2d2').digest('base64url');
  execFileSync('sqlite3', [
    server.databaseFile,
    `UPDATE captchas SET code_hash = '${digest}' WHERE email = '${email}' AND expires_at = (SELECT MAX(expires_at) FROM captchas WHERE email = '${email}')`,
  ]);
}

describe('EduHub administration', { skip: skip ?? false }, () => {
  /** @type {EduHubServer} */
  let server;
  let browser;
  const opened = [];
  let boss;
  let teacher;

  before(async () => {
    server = await EduHubServer.create({}, { demo: false });
    await server.start();
    browser = await launchBrowser();
  });

  after(async () => {
    for (const context of opened) await context.close();
    await browser?.close();
    await server?.stop();
  });

  async function newPage(label) {
    const { context, page } = await openPage(browser, {}, label);
    opened.push(context);
    return page;
  }

  it('first start: the printed set-up link makes the first super user and school', async () => {
    const link = await until(
      () => /\/setup\?token=[\w-]+/.exec(server.output)?.[0],
      (l) => Boolean(l),
      10_000,
    );
    assert.ok(link, `a set-up link is printed: ${server.output}`);
    boss = await newPage('boss');
    await boss.goto(`${server.origin}${link}`);
    await boss.getByLabel('管理员邮箱').fill(BOSS.email);
    await boss.getByLabel('管理员姓名').fill('校长');
    // The two password fields: 密码, then 确认密码.
    await boss.locator('input[type="password"]').nth(0).fill(BOSS.password);
    await boss.locator('input[type="password"]').nth(1).fill(BOSS.password);
    await boss.getByLabel('校区名称').fill('总部校区');
    await boss.getByRole('textbox', { name: '省份' }).click();
    await boss.getByRole('option', { name: '北京' }).click();
    await screenshot(boss, 'admin-setup');
    await boss.getByRole('button', { name: '完成初始化' }).click();
    await boss.waitForURL(`${server.origin}/login`);
    await loginAs(boss, server.origin, BOSS.email, BOSS.password);
    // The super user's menu has the administration.
    await boss.getByRole('navigation', { name: '主菜单' }).getByText('系统管理').waitFor();
  });

  it('an invited teacher registers through the link and sees a teacher’s menus', async () => {
    assert.ok(boss, 'the set-up ran');
    await boss.goto(`${server.origin}/administration/accounts`);
    await boss.getByRole('button', { name: '邀请', exact: true }).click();
    const invite = boss.getByRole('dialog', { name: '邀请注册' });
    await invite.getByLabel('邮箱').fill(TEACHER.email);
    // 教师 is the role an invitation starts with; the school is chosen.
    assert.match(await invite.innerText(), /角色\s*\*?\s*教师/);
    await invite.getByRole('textbox', { name: '校区' }).fill('总部');
    await boss.getByRole('option', { name: '总部校区' }).click();
    await invite.getByRole('button', { name: '生成邀请链接' }).click();
    const url = await invite.getByLabel('邀请链接').inputValue();
    assert.match(url, /\/register\?invitation=[\w-]+$/);
    await screenshot(boss, 'admin-invite');
    await invite.getByRole('button', { name: '完成' }).click();

    teacher = await newPage('teacher');
    await teacher.goto(url);
    await teacher.getByRole('status').filter({ hasText: '受邀注册' }).waitFor();
    assert.equal(await teacher.getByLabel('邮箱').inputValue(), TEACHER.email);
    await teacher.getByLabel('手机号').fill('13912345678');
    await teacher.getByLabel('姓名').fill('新老师');
    await teacher.locator('input[type="password"]').nth(0).fill(TEACHER.password);
    await teacher.locator('input[type="password"]').nth(1).fill(TEACHER.password);
    await teacher.getByRole('textbox', { name: '学段' }).click();
    await teacher.getByRole('option', { name: '高中' }).click();
    await teacher.getByRole('textbox', { name: '学科' }).click();
    await teacher.getByRole('option', { name: '数学' }).click();
    // The captcha drawn for this page (its picture loaded) gets a known answer.
    await teacher.getByRole('img', { name: '验证码' }).waitFor();
    await until(
      () => teacher.evaluate(() => document.querySelector('img[alt="验证码"]')?.complete === true),
      (done) => done,
    );
    answerCaptcha(server, TEACHER.email);
    await teacher.getByLabel('验证码').fill('r2d2');
    await screenshot(teacher, 'admin-register');
    await teacher.getByRole('button', { name: '注册', exact: true }).click();
    await teacher.waitForURL(`${server.origin}/main/home`).catch(async (error) => {
      throw new Error(`${error.message}\nthe page reads: ${await teacher.locator('body').innerText()}`);
    });
    await closeDialogs(teacher);
    const menu = teacher.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('易服务').waitFor();
    assert.equal(await menu.getByText('系统管理').count(), 0);
    assert.equal(await menu.getByText('数据中心').count(), 0);
  });

  it('a menu change reaches the teacher’s open page; disabling ends their session at once', async () => {
    assert.ok(teacher, 'the teacher registered');
    const menu = teacher.getByRole('navigation', { name: '主菜单' });
    await boss.goto(`${server.origin}/administration/menus`);
    // (Mantine draws the switch over its visually hidden input; it turns once the server has it.)
    const hide = boss.getByRole('switch', { name: '隐藏 易服务' });
    await hide.dispatchEvent('click');
    await until(
      () => hide.isChecked(),
      (on) => on,
    );
    // No reload: the teacher's menu follows the push.
    await menu.getByText('易服务').waitFor({ state: 'detached', timeout: 10_000 });
    await hide.dispatchEvent('click');
    await until(
      () => hide.isChecked(),
      (on) => !on,
    );
    await menu.getByText('易服务').waitFor({ timeout: 10_000 });

    await boss.goto(`${server.origin}/administration/accounts`);
    await boss.getByRole('button', { name: `停用 ${TEACHER.email}` }).click();
    await boss.getByRole('dialog', { name: '停用账号' }).getByRole('button', { name: '停用' }).click();
    await boss
      .getByRole('row', { name: TEACHER.email })
      .getByRole('button', { name: `启用 ${TEACHER.email}` })
      .waitFor();
    // The teacher's page learns at once (its socket is closed) and goes to the login.
    await teacher.waitForURL(/\/login(\?|$)/, { timeout: 10_000 });
    await screenshot(teacher, 'admin-disabled');

    // The audit log viewer shows every step, newest first, by the names of the actions.
    await boss.goto(`${server.origin}/administration/auditLog`);
    const table = boss.getByRole('table');
    await table.getByText('账号管理 · disable').first().waitFor();
    const text = await table.innerText();
    for (const action of ['账号管理 · disable', '菜单权限 · update', '注册', '账号管理 · invite', '登录', '初始化']) {
      assert.ok(text.includes(action), `${action} in the audit log:\n${text}`);
    }
    assert.ok(text.indexOf('账号管理 · disable') < text.indexOf('账号管理 · invite'), 'newest first');
    assert.ok(text.includes(TEACHER.email) && text.includes(BOSS.email));
    await screenshot(boss, 'admin-audit');
  });
});
