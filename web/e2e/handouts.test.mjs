// End-to-end test of lecture assembly and the handout editor against the real server: the
// teacher assembles a handout from the knowledge atlas (讲义库), lands in its editor with the
// chapter's points in 知识梳理, saves a version, types in 课后作业, and restores the version — the
// typed text disappears live (the restore is an edit of the co-edited document), without a
// reload. Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, launchBrowser, loginAs, openPage, pagePost, screenshot } from './browser.mjs';
import { EduHubServer } from './server.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
const LECTURE_LIBRARY = '/easyLessonPreparation/lectureLibrary';
const HOMEWORK_TEXT = '课后完成教材习题 1 至 5 题';

describe('EduHub handouts', { skip: skip ?? false }, () => {
  /** @type {EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  let paperId = 0;

  before(async () => {
    server = await EduHubServer.create();
    await server.start();
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser));
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  /** The page's POST with its session cookie; returns the envelope. */
  const post = (path, body) => pagePost(page, path, body);

  /** The live paper's paragraphs of one section, as the server reads them. */
  const serverSection = async (key) => {
    const res = await post('/api/paper/detail', { paperId, ver: 0 });
    assert.equal(res.code, '1', JSON.stringify(res));
    return res.data.sections[key] ?? [];
  };

  const section = (title) => page.getByRole('textbox', { name: title, exact: true });
  const versionTable = () => page.getByRole('table', { name: '版本列表' });

  async function openVersions() {
    await page.getByRole('button', { name: '版本', exact: true }).click();
    await page.getByRole('dialog', { name: '版本' }).waitFor();
  }

  it('the teacher assembles a handout from the chapter 导数及其应用', async () => {
    await loginAs(page, server.origin, TEACHER);
    await page.goto(`${server.origin}${LECTURE_LIBRARY}`);
    await page.getByRole('heading', { name: '讲义库' }).waitFor();
    // The header's stage and subject are the defaults.
    assert.equal(await page.getByRole('textbox', { name: '学段' }).inputValue(), '高中');
    assert.equal(await page.getByRole('textbox', { name: '学科' }).inputValue(), '数学');
    assert.equal(await page.getByRole('textbox', { name: '讲义类型' }).inputValue(), '讲义');
    const tree = page.getByRole('group', { name: '知识图谱' });
    for (const chapter of ['函数', '导数及其应用', '三角函数']) {
      await tree.getByRole('checkbox', { name: chapter, exact: true }).waitFor();
    }
    const button = page.getByRole('button', { name: '组装讲义' });
    assert.equal(await button.isDisabled(), true, 'nothing chosen: the button is disabled');
    await page.getByText('请选择知识点').waitFor();

    await tree.getByRole('checkbox', { name: '导数及其应用', exact: true }).check();
    assert.equal(await tree.getByRole('checkbox', { name: '导数的概念', exact: true }).isChecked(), true);
    await page.getByText('已选 4 个知识点').waitFor();
    await screenshot(page, 'handouts-assembly');

    await button.click();
    await page.waitForURL(/\/knowledgeSectionEdit\?paperId=\d+&ver=0$/);
    paperId = Number(new URL(page.url()).searchParams.get('paperId'));
    assert.ok(paperId > 0, `a new paper: ${page.url()}`);
    await page.locator('[data-collab-state="synced"]').waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: '导数及其应用讲义' }).waitFor();
    await section('知识梳理').getByText('导数的概念', { exact: true }).waitFor({ timeout: 10_000 });
    await section('知识梳理').getByText('导数与极值、最值', { exact: true }).waitFor();
    assert.equal(await section('课后作业').getAttribute('contenteditable'), 'true');
    await screenshot(page, 'handouts-editor');
  });

  it('saves version 1', async () => {
    await openVersions();
    await page.getByText('暂无版本').waitFor();
    await page.getByRole('button', { name: '保存版本' }).click();
    await page.getByText('已保存版本 v1').first().waitFor();
    await versionTable().getByRole('row', { name: 'v1' }).waitFor();
    await screenshot(page, 'handouts-version-saved');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '版本' }).waitFor({ state: 'detached' });
  });

  it('types in 课后作业 and the server has it', async () => {
    await section('课后作业').click();
    await page.keyboard.type(HOMEWORK_TEXT);
    await section('课后作业').getByText(HOMEWORK_TEXT).waitFor();
    // Restore only once the edit has reached the server, so it is part of what is replaced.
    const deadline = Date.now() + 10_000;
    while (!(await serverSection('homework')).includes(HOMEWORK_TEXT)) {
      assert.ok(Date.now() < deadline, 'the typed text reached the server');
      await page.waitForTimeout(200);
    }
    await screenshot(page, 'handouts-typed');
  });

  it('restoring version 1 removes the typed text live, without a reload', async () => {
    await page.evaluate(() => {
      window.__noReload = true;
    });
    await openVersions();
    await versionTable().getByRole('button', { name: '恢复 v1' }).click();
    const confirm = page.getByRole('dialog', { name: '恢复版本' });
    await confirm.getByText(/确定将讲义恢复到版本 v1 吗/).waitFor();
    await page.waitForTimeout(300); // let the dialog finish fading in for the screenshot
    await screenshot(page, 'handouts-restore-confirm');
    await confirm.getByRole('button', { name: '确定恢复' }).click();
    await page.getByText('已恢复到版本 v1').first().waitFor();
    await section('课后作业').getByText(HOMEWORK_TEXT).waitFor({ state: 'detached', timeout: 10_000 });
    await section('知识梳理').getByText('导数的概念', { exact: true }).waitFor();
    assert.equal(await page.evaluate(() => window.__noReload), true, 'the page was not reloaded');
    assert.deepEqual(await serverSection('homework'), []);
    await screenshot(page, 'handouts-restored');
  });

  it('shows version 1 read-only and goes back to the live handout', async () => {
    await openVersions();
    await versionTable().getByRole('button', { name: '查看 v1' }).click();
    await page.waitForURL(new RegExp(`/knowledgeSectionEdit\\?paperId=${paperId}&ver=1$`));
    await page.getByText('正在查看历史版本 v1').waitFor();
    await page.getByRole('region', { name: '知识梳理' }).getByText('导数的概念', { exact: true }).waitFor();
    assert.equal(await page.getByRole('textbox').count(), 0, 'no editor on a saved version');
    await page.getByRole('button', { name: '恢复此版本' }).waitFor();
    await screenshot(page, 'handouts-version-view');
    await page.getByRole('button', { name: '返回当前版本' }).click();
    await page.waitForURL(new RegExp(`/knowledgeSectionEdit\\?paperId=${paperId}&ver=0$`));
    await page.locator('[data-collab-state="synced"]').waitFor({ timeout: 15_000 });
  });
});
