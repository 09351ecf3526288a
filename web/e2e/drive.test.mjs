// End-to-end tests of the cloud drive (/knowledgeRepository/mainSpace) against the real server:
// the demo teacher makes a folder, uploads a PDF into it, drags the file onto another folder,
// deletes it and restores it from the recycle bin, while a second browser context of the same
// teacher follows along and sees every change arrive through the push socket, never reloading.
// Then two teachers: 张老师 shares a folder with 李老师, who sees it under 收到的 through the push
// and copies it into their own space.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, launchBrowser, loginAs, openPage, screenshot, waitConnected } from './browser.mjs';
import { post, until } from './report-page.mjs';
import { EduHubServer } from './server.mjs';

const skip = browserTestsSkipped();

const TEACHER = { email: 'teacher@demo.eduhub', name: '张老师' };
const TEACHER2 = { email: 'teacher2@demo.eduhub', name: '李老师' };
const DRIVE = '/knowledgeRepository/mainSpace';
/** A change made in one context shows in the other within this (the push says so at once). */
const LIVE_MS = 5_000;

const STAMP = Date.now().toString(36).slice(-4);
const FOLDER = `资料${STAMP}`;
const ARCHIVE = `归档${STAMP}`;
const FILE = '期中讲义.pdf';
const SHARED = `共享课件${STAMP}`;
const INSIDE = '第一单元';

/** A small PDF. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n% EduHub drive e2e\n'), Buffer.alloc(4096, 0x20)]);

const table = (page) => page.getByRole('table', { name: '文件列表' });
const rowOf = (page, name) => table(page).getByRole('row', { name, exact: true });
/** A row's 大小 cell: a place to grab or double-click that is no button (0 checkbox, 1 名称, 2 类型, 3 大小). */
const plainCell = (page, name) => rowOf(page, name).locator('td').nth(3);

async function rowAction(page, name, action) {
  await rowOf(page, name)
    .getByRole('button', { name: `更多操作：${name}`, exact: true })
    .click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** The records of a listing as the page's user sees them. */
const listing = async (page, id, body = {}) => (await post(page, `/api/document/list/v2/${id}`, body)).records;
const idOf = async (page, folderId, name) => (await listing(page, folderId)).find((r) => r.name === name)?.id;

describe('EduHub cloud drive', { skip: skip ?? false }, () => {
  /** @type {EduHubServer} */
  let server;
  let browser;
  const contexts = [];
  const pageErrors = [];

  before(async () => {
    server = await EduHubServer.create();
    await server.start();
    browser = await launchBrowser();
  });

  after(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  /** A new browser context signed in as `account`, on the drive page, its push socket connected. */
  async function driveAs(account, label) {
    const { context, page } = await openPage(browser, { timezoneId: 'Asia/Shanghai' }, label);
    contexts.push(context);
    page.on('pageerror', (e) => pageErrors.push(`${label}: ${e.message}`));
    await loginAs(page, server.origin, account.email);
    await page.goto(`${server.origin}${DRIVE}`);
    await page.getByTestId('drive-tree').waitFor();
    await table(page).waitFor();
    await waitConnected(page);
    return page;
  }

  /** Marks the page; the mark is gone if the page was reloaded. */
  const mark = (page) => page.evaluate(() => Object.assign(window, { driveE2eMark: 'kept' }));
  const marked = (page) => page.evaluate(() => window.driveE2eMark);

  it('a folder, an upload into it, a drag-and-drop move, a delete and a restore; a second context sees each live', async () => {
    const a = await driveAs(TEACHER, 'A');
    const second = await driveAs(TEACHER, 'A, second context');
    await mark(second);

    // 新建文件夹 at the root: the second context lists it without a reload.
    await a.getByTestId('drive-new-folder').click();
    const create = a.getByRole('dialog', { name: '新建文件夹' });
    await create.getByLabel('文件夹名称').fill(FOLDER);
    await create.getByRole('button', { name: '确定' }).click();
    await rowOf(a, FOLDER).waitFor();
    await rowOf(second, FOLDER).waitFor({ timeout: LIVE_MS });
    const folderId = await idOf(a, 0, FOLDER);
    assert.ok(folderId, 'the folder is in the personal root');

    // A double click opens it (the route's query names it); the second context follows by its name.
    await plainCell(a, FOLDER).dblclick();
    await a.waitForURL((url) => url.searchParams.get('id') === String(folderId));
    assert.equal(new URL(a.url()).searchParams.get('nodeId'), 'personal');
    await a.getByTestId('drive-crumbs').getByText(FOLDER).waitFor();
    await rowOf(second, FOLDER).getByRole('button', { name: FOLDER, exact: true }).click();
    await second.waitForURL((url) => url.searchParams.get('id') === String(folderId));

    // A second folder inside it.
    await a.getByTestId('drive-new-folder').click();
    await create.getByLabel('文件夹名称').fill(ARCHIVE);
    await create.getByRole('button', { name: '确定' }).click();
    await rowOf(a, ARCHIVE).waitFor();
    await rowOf(second, ARCHIVE).waitFor({ timeout: LIVE_MS });
    const archiveId = await idOf(a, folderId, ARCHIVE);

    // 上传文件: the upload manager saves it into the folder viewed.
    await a.getByTestId('drive-upload').click();
    const upload = a.getByRole('dialog', { name: '上传文件' });
    await upload.getByTestId('drive-upload-target').getByText(FOLDER).waitFor();
    await upload.getByLabel('选择文件').setInputFiles({ name: FILE, mimeType: 'application/pdf', buffer: PDF });
    await upload
      .getByRole('list', { name: '上传成功' })
      .locator('[role="listitem"][data-upload-status="已保存"]', { hasText: FILE })
      .waitFor({ timeout: 60_000 });
    await a.keyboard.press('Escape');
    await upload.waitFor({ state: 'detached' });
    await rowOf(a, FILE).waitFor();
    await rowOf(second, FILE).waitFor({ timeout: LIVE_MS });
    const file = (await listing(a, folderId)).find((r) => r.name === FILE);
    assert.equal(file?.size, PDF.length);
    assert.equal(file?.parentId, folderId);
    await screenshot(a, 'drive-folder');

    // Drag the file's row onto the other folder's row.
    const from = plainCell(a, FILE);
    const to = plainCell(a, ARCHIVE);
    await from.hover();
    const start = await from.boundingBox();
    const end = await to.boundingBox();
    await a.mouse.down();
    for (let i = 1; i <= 12; i += 1) {
      await a.mouse.move(
        start.x + start.width / 2 + ((end.x - start.x) * i) / 12,
        start.y + start.height / 2 + ((end.y - start.y) * i) / 12,
      );
    }
    await a.getByTestId('drive-drag-overlay').waitFor();
    await a.mouse.up();
    const moved = await until(
      () => listing(a, archiveId),
      (records) => records.some((r) => r.id === file.id),
    );
    assert.ok(
      moved.some((r) => r.id === file.id),
      'the file is in the other folder',
    );
    await rowOf(a, FILE).waitFor({ state: 'detached' });
    await rowOf(second, FILE).waitFor({ state: 'detached', timeout: LIVE_MS });
    assert.match(await rowOf(second, ARCHIVE).innerText(), /1 项/);

    // Both open the other folder; 删除 puts the file in the recycle bin.
    await plainCell(a, ARCHIVE).dblclick();
    await rowOf(a, FILE).waitFor();
    await rowOf(second, ARCHIVE).getByRole('button', { name: ARCHIVE, exact: true }).click();
    await rowOf(second, FILE).waitFor();
    await rowAction(a, FILE, '删除');
    await a.getByRole('dialog', { name: '删除' }).getByRole('button', { name: '删除', exact: true }).click();
    await rowOf(a, FILE).waitFor({ state: 'detached' });
    await rowOf(second, FILE).waitFor({ state: 'detached', timeout: LIVE_MS });
    const bin = await listing(a, -99999);
    assert.ok(
      bin.some((r) => r.id === file.id && r.deletedTime),
      'the file is in the recycle bin',
    );

    // 回收站 → 还原: back in its folder, in both contexts.
    await a.getByTestId('drive-node-recycle').click();
    await a.waitForURL((url) => url.searchParams.get('nodeId') === 'recycle');
    await rowOf(a, FILE).waitFor();
    await screenshot(a, 'drive-recycle-bin');
    await rowAction(a, FILE, '还原');
    await rowOf(a, FILE).waitFor({ state: 'detached' });
    await rowOf(second, FILE).waitFor({ timeout: LIVE_MS });
    assert.ok((await listing(a, archiveId)).some((r) => r.id === file.id));

    // The quota counts the file.
    const tree = await post(a, '/api/document/allDocuments', {});
    assert.ok(tree.quota.used >= PDF.length);
    assert.equal(await a.getByTestId('drive-quota').getAttribute('data-used'), String(tree.quota.used));

    assert.equal(await marked(second), 'kept', 'the second context never reloaded');
    await screenshot(second, 'drive-second-context');
    assert.deepEqual(pageErrors, []);
  });

  it('张老师 shares a folder with 李老师, who sees it under 收到的 through the push and copies it into their space', async () => {
    const a = await driveAs(TEACHER, 'sender');
    const b = await driveAs(TEACHER2, 'receiver');
    await mark(b);
    await b.getByTestId('drive-node-received').click();
    await b.waitForURL((url) => url.searchParams.get('nodeId') === 'received');

    // A folder with a folder inside, shared from its row with 李老师 found by name.
    await a.getByTestId('drive-new-folder').click();
    const create = a.getByRole('dialog', { name: '新建文件夹' });
    await create.getByLabel('文件夹名称').fill(SHARED);
    await create.getByRole('button', { name: '确定' }).click();
    await rowOf(a, SHARED).waitFor();
    const sharedId = await idOf(a, 0, SHARED);
    await post(a, '/api/document/create', { parentId: sharedId, name: INSIDE });
    await rowAction(a, SHARED, '分享');
    const share = a.getByRole('dialog', { name: `分享「${SHARED}」` });
    await share.getByLabel('搜索同事').fill(TEACHER2.name);
    await share.getByRole('checkbox', { name: `${TEACHER2.name}（${TEACHER2.email}）` }).check();
    await share.getByRole('button', { name: '分享', exact: true }).click();
    await share.waitFor({ state: 'detached' });

    // 李老师's 收到的 lists it at once, with who shared it.
    await rowOf(b, SHARED).waitFor({ timeout: LIVE_MS });
    assert.match(await rowOf(b, SHARED).innerText(), new RegExp(TEACHER.name));
    await screenshot(b, 'drive-received');

    // 复制到我的空间: a copy with what is inside, in 李老师's personal root.
    await rowAction(b, SHARED, '复制到我的空间');
    await b.getByText('已复制 1 项到我的空间').waitFor();
    await b.getByTestId('drive-node-personal').click();
    await rowOf(b, SHARED).waitFor();
    const copyId = await idOf(b, 0, SHARED);
    assert.ok(copyId && copyId !== sharedId, 'a copy of its own');
    assert.deepEqual(
      (await listing(b, copyId)).map((r) => r.name),
      [INSIDE],
    );
    assert.equal(await marked(b), 'kept', 'the receiver never reloaded');

    // 张老师's 发出的 lists the share with its receiver.
    await a.getByTestId('drive-node-sent').click();
    // The sent view names receivers: wait for it, not for the same row still shown by the last view.
    await a.getByRole('columnheader', { name: '分享给' }).waitFor();
    await rowOf(a, SHARED).waitFor();
    assert.match(await rowOf(a, SHARED).innerText(), new RegExp(TEACHER2.name));
    assert.deepEqual(pageErrors, []);
  });
});
