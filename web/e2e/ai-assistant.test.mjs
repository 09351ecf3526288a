// End-to-end test of the AI assistant against the real server and a fake OpenAI-compatible
// provider (a small HTTP server here that answers /v1/chat/completions with server-sent events,
// one piece every ~100 ms), as the demo teacher: on 欢迎页 the default model is preselected and a
// question starts a conversation; on 对话页 the reply appears piece by piece as the server pushes
// it (its text grows over time) and ends as the provider's full answer, as the server's history
// says; a reply that ends while the teacher is elsewhere shows on the menu's badge until the
// conversation is opened again. AI 识卷: a task made on the welcome page's drawer (title, a
// knowledge point, a PNG of the paper) is recognised by the fake vision model (a whole answer of
// JSON questions for a message with the image in it), its questions appear as the pushes bring
// the end, and 保存到题库 saves them into the teacher's own questions. Nothing is polled.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, screenshot } from './browser.mjs';
import { closeReportPage, openReportPage, post, until } from './report-page.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
const MODEL = 'edu-chat';
/** The fake provider's answer, sent in pieces of this many characters. */
const ANSWER = '勾股定理说的是：直角三角形两条直角边的平方和，等于斜边的平方。它可以用面积拼图来证明。';
const PIECE = 4;
const PIECE_DELAY_MS = 100;

/** The vision model's answer to a paper: its questions as JSON. */
const PAPER_QUESTIONS = {
  questions: [
    { type: 1, stem: '1+1=?', options: ['1', '2', '3', '4'], answer: 'B', difficulty: 1 },
    { type: 3, stem: '二次函数 $y=x^2$ 的顶点是____', answer: '(0,0)' },
  ],
};
/** A 1×1 PNG: the paper's photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The demo atlas's 函数 / 函数的单调性与最值 (高中数学, stage 4, subject 54). */
const POINT = { id: 112, label: '函数 / 函数的单调性与最值' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether a request's user message holds an image (a paper to recognise). */
const hasImage = (body) =>
  (body.messages ?? []).some(
    (m) => m.role === 'user' && Array.isArray(m.content) && m.content.some((part) => part?.type === 'image_url'),
  );

/**
 * An OpenAI-compatible provider: POST /v1/chat/completions streams ANSWER (with `stream`), or
 * answers it whole; a whole answer to a message with an image (a paper) is PAPER_QUESTIONS as
 * JSON. Records the requests' bodies.
 */
async function startFakeProvider() {
  const requests = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const part of req) raw += part;
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw || '{}');
    requests.push(body);
    if (body.stream !== true && hasImage(body)) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ message: { content: JSON.stringify(PAPER_QUESTIONS) } }],
          usage: { total_tokens: 100 },
        }),
      );
      return;
    }
    if (!body.stream) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: ANSWER } }] }));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    for (let i = 0; i < ANSWER.length; i += PIECE) {
      await sleep(PIECE_DELAY_MS);
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: ANSWER.slice(i, i + PIECE) } }] })}\n\n`);
    }
    res.write(`data: ${JSON.stringify({ choices: [], usage: { total_tokens: 42 } })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, requests, url: `http://127.0.0.1:${server.address().port}/v1` };
}

describe('EduHub AI assistant', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  let pageErrors;
  let provider;
  const the = {};

  before(async () => {
    provider = await startFakeProvider();
    ({ server, browser, context, page, pageErrors } = await openReportPage('ai-assistant', TEACHER, {
      EDUHUB_AI_URL: provider.url,
      EDUHUB_AI_MODEL: MODEL,
    }));
  });

  after(async () => {
    await closeReportPage({ context, browser, server });
    provider?.server.close();
  });

  it('欢迎页: a question starts a conversation whose reply streams in piece by piece', async () => {
    const config = await page.evaluate(async () => (await (await fetch('/api/ai/model/config')).json()).data);
    assert.equal(config.configured, true);
    const model = config.models.find((m) => m.isDefault);
    assert.equal(model.code, MODEL);

    await page.goto(`${server.origin}/aiAssistant/welcomePage`);
    const input = page.getByRole('textbox', { name: '输入消息' });
    await input.waitFor({ timeout: 15_000 });
    assert.equal(await page.getByRole('textbox', { name: '模型' }).inputValue(), `${model.name}（默认）`);
    await page.getByRole('region', { name: '使用统计' }).waitFor();
    await screenshot(page, 'ai-welcome');

    // The reply's text as the page shows it, read every 20 ms from before the question is sent.
    await page.evaluate(() => {
      window.__replySamples = [];
      window.__replyTimer = setInterval(() => {
        const el = document.querySelector('[data-testid="reply-text"]');
        const text = el ? el.textContent : '';
        const last = window.__replySamples.at(-1);
        if (text && text !== last) window.__replySamples.push(text);
      }, 20);
    });
    await input.fill('勾股定理是什么？怎么证明？');
    await input.press('Enter');
    await page.waitForURL(/\/aiAssistant\/chatPage\?conversationId=\d+$/, { timeout: 15_000 });
    const conversationId = Number(new URL(page.url()).searchParams.get('conversationId'));
    const reply = page.getByRole('article', { name: 'AI 回复' });
    await reply.getByRole('button', { name: '停止生成' }).waitFor({ timeout: 15_000 });
    assert.equal(await page.getByRole('textbox', { name: '输入消息' }).isDisabled(), true);

    // The whole answer arrives, having grown over several pieces.
    const shown = await until(
      () =>
        reply
          .getByTestId('reply-text')
          .textContent()
          .catch(() => ''),
      (t) => t === ANSWER,
      15_000,
    );
    assert.equal(shown, ANSWER);
    await reply.getByRole('button', { name: '停止生成' }).waitFor({ state: 'detached' });
    await reply.getByRole('button', { name: '有用' }).waitFor();
    const samples = await page.evaluate(() => {
      clearInterval(window.__replyTimer);
      return window.__replySamples;
    });
    assert.ok(samples.length >= 3, `the reply grew in steps: ${JSON.stringify(samples)}`);
    for (let i = 1; i < samples.length; i += 1) {
      assert.ok(samples[i].startsWith(samples[i - 1]), `each step extends the last: ${JSON.stringify(samples)}`);
    }
    assert.equal(samples.at(-1), ANSWER);
    assert.equal(await page.getByRole('textbox', { name: '输入消息' }).isDisabled(), false);
    await screenshot(page, 'ai-chat');

    // The server's history says the same.
    const history = await post(page, '/api/ai/message/history', { conversationId, pageNo: 1, pageSize: 20 });
    const [answer, asked] = history.records;
    assert.deepEqual([asked.role, asked.content], ['user', '勾股定理是什么？怎么证明？']);
    assert.deepEqual([answer.role, answer.content, answer.status], ['assistant', ANSWER, 2]);
    assert.ok(provider.requests.some((r) => r.stream && r.model === MODEL));
    // Read while open: no badge.
    const unread = await page.evaluate(async () => (await (await fetch('/api/ai/unread')).json()).data);
    assert.equal(unread.unreadCount, 0);
    assert.equal(await page.getByLabel(/^未读 /).count(), 0);
    Object.assign(the, { conversationId });
    assert.deepEqual(pageErrors, []);
  });

  it('a reply that ends while the teacher is elsewhere shows on the menu badge until it is opened', async () => {
    const { conversationId } = the;
    assert.ok(conversationId, 'the conversation was started');
    const input = page.getByRole('textbox', { name: '输入消息' });
    await input.fill('再举一个例子');
    await input.press('Enter');
    await page.getByRole('button', { name: '停止生成' }).waitFor();
    // Leave before the reply ends (it takes over a second).
    await page.getByRole('link', { name: '首页' }).click();
    await page.waitForURL(/\/main\/home$/);
    const badge = page.getByRole('navigation', { name: '主菜单' }).getByLabel('未读 1');
    await badge.waitFor({ timeout: 15_000 });
    const unread = await page.evaluate(async () => (await (await fetch('/api/ai/unread')).json()).data);
    assert.equal(unread.unreadCount, 1);
    assert.equal(unread.unreadMsgList[0]?.conversationId, conversationId);
    await screenshot(page, 'ai-badge');

    // Opening the conversation marks it read: the badge goes (by push).
    await page.goto(`${server.origin}/aiAssistant/chatPage?conversationId=${conversationId}`);
    await page.getByRole('article', { name: 'AI 回复' }).nth(1).getByTestId('reply-text').waitFor();
    await page
      .getByRole('navigation', { name: '主菜单' })
      .getByLabel(/^未读 /)
      .waitFor({ state: 'detached' });
    const after = await page.evaluate(async () => (await (await fetch('/api/ai/unread')).json()).data);
    assert.equal(after.unreadCount, 0);
    assert.deepEqual(pageErrors, []);
  });

  it('欢迎页 shows the calls and tokens of the last 30 days per model as the server counts them', async () => {
    await page.goto(`${server.origin}/aiAssistant/welcomePage`);
    const table = page.getByRole('region', { name: '使用统计' }).getByRole('table', { name: '模型用量' });
    await table.waitFor({ timeout: 15_000 });
    const usage = await post(page, '/api/ai/usage', {});
    const row = usage.models.find((m) => m.model === MODEL);
    assert.ok(row && row.calls >= 2, JSON.stringify(usage));
    const cells = await table.getByRole('row').filter({ hasText: MODEL }).getByRole('cell').allInnerTexts();
    assert.deepEqual(cells, [
      MODEL,
      row.calls.toLocaleString('en-US'),
      row.failed.toLocaleString('en-US'),
      row.tokens.toLocaleString('en-US'),
    ]);
    assert.deepEqual(pageErrors, []);
  });

  // The task's details were once read while its job ran and the read's older copy undid the
  // pushed end (stuck at 排队中): a read no longer replaces a newer pushed task (`newerTask`).
  it('AI 识卷: a paper photo is recognised into questions (pushed) and saved to the bank', async () => {
    const TITLE = 'e2e 期中数学试卷';
    await page.goto(`${server.origin}/aiAssistant/welcomePage`);
    await page.getByRole('button', { name: 'AI 识卷', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'AI 识卷' });
    await drawer.getByRole('button', { name: '新建识卷任务' }).click();

    // The task: its title, a knowledge point of the header's stage and subject, the photo.
    const form = drawer.getByRole('form', { name: '新建识卷任务' });
    await form.getByRole('textbox', { name: '标题' }).fill(TITLE);
    const points = form.getByRole('textbox', { name: '知识点' });
    await points.click();
    await points.fill('单调性');
    const option = page.getByRole('option', { name: POINT.label, exact: true });
    await option.click();
    // The list stays open for more points: closed by leaving the field (Escape would close the drawer).
    await form.getByRole('textbox', { name: '标题' }).click();
    await option.waitFor({ state: 'hidden' });
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: '期中试卷.png', mimeType: 'image/png', buffer: PNG });
    await form.getByText('期中试卷.png').waitFor();
    await form.getByRole('button', { name: '保存并识别' }).click();

    // Recognised: the questions appear once the end is pushed, with their formulas drawn.
    const questions = drawer.getByRole('region', { name: '识别的题目' });
    await questions.waitFor({ timeout: 30_000 }).catch(async (error) => {
      // What the drawer says instead (a failed task's reason, a refusal) makes the failure readable.
      throw new Error(`${error.message}\nthe drawer reads: ${await drawer.innerText().catch(() => '?')}`);
    });
    await drawer.getByText(TITLE, { exact: true }).waitFor();
    const first = questions.getByRole('article', { name: '第1题' });
    const second = questions.getByRole('article', { name: '第2题' });
    await first.getByText('1+1=?').waitFor();
    assert.match(await first.innerText(), /单选题[\s\S]*容易[\s\S]*答案：B/);
    assert.match(await second.innerText(), /填空题[\s\S]*二次函数[\s\S]*的顶点是____[\s\S]*答案：\(0,0\)/);
    assert.equal(await second.locator('.katex').count(), 1, 'the formula is drawn');
    await questions.getByText('共 2 道题').waitFor();
    await screenshot(page, 'ai-paper-recognised');

    // The vision model (the default model) got the photo itself, as a PNG data URL.
    const call = provider.requests.find(hasImage);
    assert.equal(call.model, MODEL);
    const image = call.messages.at(-1).content.find((part) => part.type === 'image_url');
    assert.equal(image.image_url.url, `data:image/png;base64,${PNG.toString('base64')}`);

    // 保存到题库: both questions become the teacher's own, each marked 已入库 with its id.
    const bank = drawer.getByRole('group', { name: '保存到题库' });
    await bank.getByText('2 道题待保存到「我的题库」').waitFor();
    await bank.getByRole('button', { name: '保存到题库' }).click();
    const done = bank.getByRole('status');
    await done.waitFor({ timeout: 15_000 });
    const ids = [...(await done.innerText()).matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
    assert.match(await done.innerText(), /^已保存 2 道题到我的题库/);
    assert.equal(ids.length, 2);
    await bank.getByText('全部题目已保存到「我的题库」').waitFor();
    await first.getByText(`已入库 #${ids[0]}`).waitFor();
    await second.getByText(`已入库 #${ids[1]}`).waitFor();
    await drawer.getByText('题目：2 道（已入库 2 道）').waitFor();
    await screenshot(page, 'ai-paper-saved');

    // The server says the same: the task is saved with its two questions, now in the bank.
    const { records } = await post(page, '/api/ai/paper/task/search', { keyword: TITLE, pageNo: 1, pageSize: 10 });
    assert.equal(records.length, 1);
    const task = await post(page, '/api/ai/paper/task/details', { taskId: records[0].taskId });
    assert.deepEqual(
      [task.status, task.questionCount, task.savedCount, task.knowledgeIds, task.model],
      [5, 2, 2, [POINT.id], MODEL],
    );
    const stems = [];
    for (const questionId of ids) stems.push((await post(page, '/api/question/xueke/detail', { questionId })).stem);
    assert.deepEqual(
      stems,
      PAPER_QUESTIONS.questions.map((q) => q.stem),
    );
    assert.deepEqual(pageErrors, []);
  });
});
