// End-to-end test of the learning camps (学习营) against the real server, as the demo teacher: a
// camp is created in the browser, gets a phase and a question set, and is published; the join
// link read from the page opens in a fresh browser (no login), where a demo student joins with
// their code and name, answers the question set and sees the score; the camp's statistics then
// count the task done. Nothing here depends on the demo's own camps.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, openPage, screenshot } from './browser.mjs';
import { closeReportPage, openReportPage, post, until } from './report-page.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';

describe('EduHub learning camps', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** The page's script errors. */
  let pageErrors;

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('camp', TEACHER));
  });

  after(() => closeReportPage({ context, browser, server }));

  it('builds and publishes a camp; a student joins through its link, answers the question set and is counted', async () => {
    const campName = `E2E 学习营 ${Date.now()}`;

    // 学习营 → 新建学习营: the new draft opens in the builder.
    await page.goto(`${server.origin}/knowledgeRepository/training/camps`);
    await page.getByRole('heading', { name: '学习营', exact: true }).waitFor();
    await page.getByRole('button', { name: '新建学习营' }).click();
    const create = page.getByRole('dialog', { name: '新建学习营' });
    await create.getByLabel('营地名称').fill(campName);
    await create.getByLabel('营地简介').fill('端到端测试创建的学习营');
    await create.getByRole('button', { name: '创建', exact: true }).click();
    await page.waitForURL(/\/knowledgeRepository\/training\/camp\/\d+$/);
    const campId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: campName }).waitFor();
    assert.equal((await post(page, '/api/camp/info', { campId })).status, 0);

    // A phase, and a question set of two questions in it.
    await page.getByLabel('新阶段名称').fill('第一阶段：热身');
    await page.getByRole('button', { name: '添加阶段' }).click();
    const phase = page.getByRole('region', { name: '阶段：第一阶段：热身' });
    await phase.waitFor();
    await phase.getByRole('button', { name: '添加任务' }).click();
    await page.getByRole('menuitem', { name: '题集' }).click();
    const editor = page.getByRole('dialog', { name: '新建题集' });
    await editor.getByLabel('任务名称').fill('热身小测');
    const questions = [
      { stem: '1 + 1 = ?', options: ['一', '二', '三'], answer: 1 },
      { stem: '中国的首都是？', options: ['上海', '广州', '北京', '深圳'], answer: 2 },
    ];
    for (const [i, q] of questions.entries()) {
      const n = i + 1;
      if (i > 0) await editor.getByRole('button', { name: '添加题目' }).click();
      await editor.getByLabel(`第${n}题 题干`).fill(q.stem);
      for (const [k, option] of q.options.entries()) {
        await editor.getByLabel(`第${n}题 选项${'ABCDEF'[k]}`, { exact: true }).fill(option);
      }
      // A new question has four options: drop the unused.
      for (let k = 4; k > q.options.length; k -= 1) {
        await editor.getByRole('button', { name: `删除第${n}题 选项${'ABCDEF'[k - 1]}` }).click();
      }
      await editor.getByLabel(`第${n}题 正确答案 ${'ABCDEF'[q.answer]}`).check();
    }
    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitFor({ state: 'detached' });
    await phase.getByRole('listitem', { name: '热身小测' }).waitFor();
    const [stored] = await post(page, '/api/camp/phase', { campId });
    assert.equal(stored.phaseName, '第一阶段：热身');
    assert.deepEqual(
      stored.tasks.map((t) => [t.taskName, t.taskType, t.questions]),
      [['热身小测', 3, questions]],
    );

    // A second phase with flash cards, dragged above the first by its handle.
    await page.getByLabel('新阶段名称').fill('巩固');
    await page.getByRole('button', { name: '添加阶段' }).click();
    const second = page.getByRole('region', { name: '阶段：巩固' });
    await second.getByRole('button', { name: '添加任务' }).click();
    await page.getByRole('menuitem', { name: '闪卡' }).click();
    const cards = page.getByRole('dialog', { name: '新建闪卡' });
    await cards.getByLabel('任务名称').fill('单词卡');
    await cards.getByLabel('第1张 正面').fill('apple');
    await cards.getByLabel('第1张 背面').fill('苹果');
    await cards.getByRole('button', { name: '保存' }).click();
    await cards.waitFor({ state: 'detached' });
    await second.getByRole('listitem', { name: '单词卡' }).waitFor();
    const handle = page.getByRole('button', { name: '拖动排序：阶段「巩固」' });
    const from = await handle.boundingBox();
    const to = await page.getByRole('button', { name: '拖动排序：阶段「第一阶段：热身」' }).boundingBox();
    // Hovering waits until nothing covers the handle (the loading overlay fading out after a save).
    await handle.hover();
    await page.mouse.down();
    for (let i = 1; i <= 10; i += 1) {
      await page.mouse.move(from.x + from.width / 2, from.y + ((to.y - 20 - from.y) * i) / 10);
    }
    await page.mouse.up();
    const order = () => post(page, '/api/camp/phase', { campId }).then((ps) => ps.map((p) => p.phaseName));
    assert.deepEqual(await until(order, (o) => o[0] === '巩固'), ['巩固', '第一阶段：热身']);
    const shown = () =>
      page.locator('section[aria-label^="阶段："]').evaluateAll((ss) => ss.map((s) => s.getAttribute('aria-label')));
    assert.deepEqual(await until(shown, (o) => o[0] === '阶段：巩固'), ['阶段：巩固', '阶段：第一阶段：热身']);
    await screenshot(page, 'camp-builder');

    // 发布 (confirmed): the status turns 已发布 and the publish panel shows the join link.
    await page.getByRole('toolbar', { name: '营地操作' }).getByRole('button', { name: '发布', exact: true }).click();
    await page.getByRole('dialog', { name: '发布营地' }).getByRole('button', { name: '发布', exact: true }).click();
    await page.locator('[data-status="1"]').first().waitFor();
    const panel = page.getByRole('region', { name: '发布与分享' });
    await panel.getByRole('img', { name: '加入二维码' }).waitFor();
    const link = await panel.getByLabel('加入链接').inputValue();
    assert.match(link, /\/campJoin\?token=[^&]+$/);
    await screenshot(page, 'camp-published');
    assert.deepEqual(pageErrors, []);

    // A demo student to join as, and the camp's figures before.
    const students = await post(page, '/api/teaching/students', { pageNo: 1, pageSize: 1 });
    const student = students.records[0];
    assert.ok(student?.code && student?.name, 'the demo teacher has a student');
    const before = await post(page, '/api/camp/statistics/overview', { campId });

    // The link in a fresh browser (no session), phone-sized: join, answer, see the score.
    const phone = await openPage(
      browser,
      { viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Shanghai' },
      'student',
    );
    const studentErrors = [];
    phone.page.on('pageerror', (e) => studentErrors.push(e.message));
    try {
      const s = phone.page;
      await s.goto(link);
      await s.getByRole('heading', { name: campName }).waitFor();
      await s.getByLabel('学号').fill(student.code);
      await s.getByLabel('姓名').fill(student.name);
      await s.getByRole('button', { name: '加入学习营' }).click();
      await s.getByText('已完成 0/2', { exact: true }).waitFor();
      const task = s.getByRole('article', { name: '热身小测' });
      await task.getByRole('button', { name: '答题' }).click();
      for (const q of questions) await task.getByLabel(`${'ABCDEF'[q.answer]}. ${q.options[q.answer]}`).check();
      await task.getByRole('button', { name: '提交' }).click();
      await task.getByText('得分：100分').waitFor();
      await s.getByText('已完成 1/2', { exact: true }).waitFor();
      await screenshot(s, 'camp-student-answered');

      // The member token is kept: the link opens the camp again, the set shows its result.
      await s.reload();
      await s.getByText('已完成 1/2', { exact: true }).waitFor();
      await s.getByRole('article', { name: '热身小测' }).getByRole('button', { name: '查看结果' }).click();
      await s.getByText('得分：100分').waitFor();
      assert.deepEqual(studentErrors, []);
    } finally {
      await phone.context.close();
    }

    // The teacher's statistics count the task done.
    const read = () => post(page, '/api/camp/statistics/overview', { campId });
    const afterAnswer = await until(read, (o) => o.doneCount === before.doneCount + 1);
    assert.equal(afterAnswer.doneCount, before.doneCount + 1);
    assert.equal(afterAnswer.memberCount, before.memberCount + 1);
  });
});
