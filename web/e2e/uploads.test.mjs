// End-to-end tests of the upload manager against the real server: a ~12 MB PDF goes up in 5 MB
// slices (per-slice SHA-256, whole-file SHA-256 on complete) and a PNG by one signed PUT
// (getMediaUploadUrl), both reach 已保存 and appear in the resource list, and the files download
// back byte for byte; an .exe is refused before any call with the accepted types named; the media
// page takes audio; opened for a camp phase, the upload page makes a PDF a task of it (已添加到营).
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, launchBrowser, loginAs, openPage, screenshot } from './browser.mjs';
import { EduHubServer, OUTPUT_DIR } from './server.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
const SLICE_SIZE = 5_242_880;
/** ~12 MB: three slices (5 MB, 5 MB, the rest). */
const PDF_SIZE = 12 * 1024 * 1024 + 12_345;
const PDF_NAME = '期中复习讲义.pdf';
const PNG_NAME = 'cover.png';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

function pdfBytes() {
  const head = Buffer.from('%PDF-1.4\n% EduHub e2e\n');
  return Buffer.concat([head, randomBytes(PDF_SIZE - head.length)]);
}

describe('EduHub uploads', { skip: skip ?? false }, () => {
  /** @type {EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  const pdf = pdfBytes();
  /** Upload calls seen by the browser: method and path. */
  const calls = [];

  before(async () => {
    server = await EduHubServer.create();
    await server.start();
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, { acceptDownloads: true }));
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/files/') || url.pathname.startsWith('/api/resource/')) {
        calls.push({ method: req.method(), path: url.pathname, query: url.search, headers: req.headers() });
      }
    });
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  /** The page's fetch with its session cookie; returns the envelope. */
  const pageFetch = (method, path, body) =>
    page.evaluate(
      async ([m, p, b]) => {
        const res = await fetch(p, {
          method: m,
          credentials: 'include',
          headers: b === undefined ? {} : { 'Content-Type': 'application/json' },
          body: b === undefined ? undefined : JSON.stringify(b),
        });
        return res.json();
      },
      [method, path, body],
    );

  const fileInput = () => page.getByLabel('选择文件');
  const successList = () => page.getByRole('list', { name: '上传成功' });
  const resources = () => page.getByRole('table', { name: '我的资源' });

  it('the teacher opens the upload page', async () => {
    await loginAs(page, server.origin, TEACHER);
    await page.goto(`${server.origin}/knowledgeRepository/uploadFiles`);
    await page.getByRole('heading', { name: '上传文件' }).waitFor();
    await page.getByText('将文件拖到此处，或点击选择文件').waitFor();
    await resources().waitFor();
    await page.getByText('暂无资源').waitFor();
    await screenshot(page, 'uploads-empty');
  });

  it('uploads a 12 MB PDF in slices and a PNG by a signed PUT; both are saved and listed', async () => {
    await fileInput().setInputFiles([
      { name: PDF_NAME, mimeType: 'application/pdf', buffer: pdf },
      { name: PNG_NAME, mimeType: 'image/png', buffer: PNG },
    ]);
    for (const name of [PDF_NAME, PNG_NAME]) {
      await successList()
        .locator(`[role="listitem"][data-upload-status="已保存"]`, { hasText: name })
        .waitFor({ timeout: 90_000 });
    }
    const pdfItem = successList().getByRole('listitem', { name: PDF_NAME });
    assert.equal(await pdfItem.getByRole('progressbar').getAttribute('aria-valuenow'), '100');
    await screenshot(page, 'uploads-saved');

    // The PDF went up as three slices, each with the credential's token and its SHA-256.
    const slices = calls.filter((c) => c.method === 'PUT' && /^\/api\/files\/slices\/[^/]+\/\d+$/.test(c.path));
    const indices = [...new Set(slices.map((c) => Number(c.path.split('/').pop())))].sort();
    assert.deepEqual(indices, [0, 1, 2]);
    for (const c of slices) {
      const i = Number(c.path.split('/').pop());
      const expected = sha256(pdf.subarray(i * SLICE_SIZE, (i + 1) * SLICE_SIZE));
      assert.equal(c.headers['x-slice-sha256'], expected, `slice ${i} checksum`);
      assert.ok(c.headers['x-upload-token'], 'slice token');
    }
    assert.equal(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/complete')).length, 1);
    // The PNG by one signed PUT, its URL from getMediaUploadUrl.
    const puts = calls.filter((c) => c.method === 'PUT' && c.path.startsWith('/api/files/upload/'));
    assert.equal(puts.length, 1);
    assert.equal(calls.filter((c) => c.path === '/api/resource/getMediaUploadUrl').length, 1);
    assert.equal(calls.filter((c) => c.path === '/api/resource/getUploadUrl').length, 0);
    assert.match(puts[0].query, /expires=\d+&sig=/);
    assert.equal(calls.filter((c) => c.path === '/api/resource/save').length, 2);

    // Listed under 我的资源, and by the server.
    await resources().getByRole('row', { name: PDF_NAME }).waitFor();
    await resources().getByRole('row', { name: PNG_NAME }).waitFor();
    await resources().getByRole('row', { name: PDF_NAME }).getByText('文档').waitFor();
    await resources().getByRole('row', { name: PNG_NAME }).getByText('图片').waitFor();
    const list = await pageFetch('POST', '/api/resource/list', { pageNo: 1, pageSize: 30 });
    assert.equal(list.code, '1', JSON.stringify(list));
    const byName = Object.fromEntries(list.data.records.map((r) => [r.name, r]));
    assert.equal(byName[PDF_NAME]?.size, PDF_SIZE);
    assert.equal(byName[PDF_NAME]?.class, 'document');
    assert.equal(byName[PNG_NAME]?.size, PNG.length);
    assert.equal(byName[PNG_NAME]?.class, 'image');
    await screenshot(page, 'uploads-resources');
  });

  it('downloads both files back byte for byte', async () => {
    for (const [name, bytes] of [
      [PNG_NAME, PNG],
      [PDF_NAME, pdf],
    ]) {
      const row = resources().getByRole('row', { name });
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        row.getByRole('button', { name: `下载 ${name}` }).click(),
      ]);
      assert.equal(download.suggestedFilename(), name);
      const saved = join(OUTPUT_DIR, `uploads-${name}`);
      await download.saveAs(saved);
      assert.equal(sha256(readFileSync(saved)), sha256(bytes), `${name} comes back unchanged`);
    }
    assert.equal(calls.filter((c) => c.path === '/api/resource/getDownloadUrl').length, 2);
  });

  it('refuses an .exe before any call, naming the accepted types', async () => {
    const before = calls.length;
    await fileInput().setInputFiles([
      { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    ]);
    await page
      .getByText('setup.exe：不支持的文件类型，仅支持 ppt、pptx、pdf、xls、xlsx、doc、docx、jpg、png、jpeg、bmp')
      .waitFor();
    await screenshot(page, 'uploads-refused');
    assert.equal(
      calls.slice(before).filter((c) => c.path !== '/api/resource/list').length,
      0,
      `no upload call for the .exe: ${JSON.stringify(calls.slice(before))}`,
    );
    assert.equal(await page.getByRole('listitem', { name: 'setup.exe' }).count(), 0);
    // The server refuses it as clearly (A0400 with its message).
    const refused = await pageFetch('GET', '/api/resource/getStorageCertificate?fileName=setup.exe');
    assert.equal(refused.code, 'A0400');
    assert.match(refused.msg, /不支持的文件类型/);
  });

  it('the media page uploads audio through the same manager', async () => {
    await page.goto(`${server.origin}/knowledgeRepository/uploadMedia`);
    await page.getByRole('heading', { name: '上传音视频' }).waitFor();
    const audio = Buffer.concat([Buffer.from('ID3'), randomBytes(64 * 1024)]);
    await fileInput().setInputFiles([{ name: '听力 第1课.mp3', mimeType: 'audio/mpeg', buffer: audio }]);
    await successList()
      .locator('[role="listitem"][data-upload-status="已保存"]', { hasText: '听力_第1课.mp3' })
      .waitFor({ timeout: 30_000 });
    await resources().getByRole('row', { name: '听力_第1课.mp3' }).getByText('音频').waitFor();
    // A document is not taken here.
    await fileInput().setInputFiles([{ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') }]);
    await page.getByText('notes.pdf：不支持的文件类型，仅支持 mp4、flv、avi、mov、mp3、aac').waitFor();
    await screenshot(page, 'uploads-media');
  });

  it('opened for a camp phase, the upload page adds a PDF as a task of it: 已添加到营', async () => {
    // A camp and a phase of the teacher's, as the camp builder opens the page for them.
    const camp = await pageFetch('POST', '/api/camp/create', { campName: '上传营' });
    assert.equal(camp.code, '1', JSON.stringify(camp));
    const campId = camp.data.campId;
    const phase = await pageFetch('POST', '/api/camp/add-phase', { campId, phaseName: '第一阶段' });
    const phaseId = phase.data.phaseId;
    await page.goto(`${server.origin}/knowledgeRepository/uploadFiles?campId=${campId}&phaseId=${phaseId}`);
    await page.getByRole('heading', { name: '上传文件' }).waitFor();
    await page.getByText(`上传的文件将添加到营地 ${campId} 的阶段 ${phaseId}`).waitFor();
    const name = '营地任务.pdf';
    const added = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/camp/add-phase-task', {
      timeout: 30_000,
    });
    await fileInput().setInputFiles([
      { name, mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4096)]) },
    ]);
    const response = await added;
    const answer = await response.json();
    assert.equal(answer.code, '1', JSON.stringify(answer));
    const [task] = answer.data;
    assert.ok(Number.isInteger(task?.taskId) && task.taskId > 0, `a task id: ${JSON.stringify(answer.data)}`);
    assert.deepEqual(
      { campId: task.campId, phaseId: task.phaseId, taskName: task.taskName, ext: task.ext },
      { campId, phaseId, taskName: '营地任务', ext: 'pdf' },
    );
    // The task's file is the finished upload (its fileId).
    const sent = JSON.parse(response.request().postData() ?? '{}');
    assert.equal(sent.taskList[0].bizId, task.bizId);
    await successList()
      .locator('[role="listitem"][data-upload-status="已添加到营"]', { hasText: name })
      .waitFor({ timeout: 30_000 });
    await successList().getByRole('listitem', { name }).getByText('已添加到营').waitFor();
    await screenshot(page, 'uploads-camp-task');
  });
});
