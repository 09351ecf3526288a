// End-to-end test of lesson tasks and wrong questions against the real server and its demo bank, as
// the demo teacher: questions of the bank go into the basket, the task of a lesson of the teacher's
// small group is set on the lesson's page (课后任务: the default name, the basket's questions, the
// class's students); on 标注答案 a student's sheet is entered from their code with some wrong
// choices and the marks shown are the server's; 教师批改 shows the task's figures; 错题本 shows that
// student's wrong questions with their formulas drawn by KaTeX, and 发送相似题 sends practice for
// them: the batch's state arrives by push until it ends, with nothing polled. Every figure is
// checked against the server's own answers.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, screenshot } from './browser.mjs';
import { closeReportPage, formulas, isPost, openReportPage, post, until, wrongLetter } from './report-page.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
/** Senior-high mathematics, the demo teacher's subject. */
const SUBJECT = 54;
const STAGE = 4;

/** An average as the page shows it: up to two decimals, trailing zeros dropped. */
const average = (v) => (v === -1 ? '/' : String(Number(v.toFixed(2))));
/** A rate (a fraction) as the page shows it. */
const rate = (r) => (r === -1 ? '/' : `${(r * 100).toFixed(2)}%`);

describe('EduHub lesson tasks and wrong questions', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  let pageErrors;
  /** What the steps share: the lesson, the task, the student, the answers. */
  const the = {};

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('lesson-tasks', TEACHER));
  });

  after(() => closeReportPage({ context, browser, server }));

  it('the teacher puts bank questions in the basket and sets a lesson’s task on its page', async () => {
    // A lesson of the teacher's small group (two students), which the teacher may give a task.
    const classes = await post(page, '/api/teaching/classes', { state: 'ongoing', pageNo: 1, pageSize: 30 });
    const group = classes.records.find((c) => c.classType === 2 && c.studentCount >= 2);
    assert.ok(group, 'the demo teacher has a small group');
    const detail = await post(page, '/api/teaching/class/detail', { id: group.id });
    const lesson = detail.lessons[0];
    assert.ok(lesson, 'the group has lessons');
    const check = await page.evaluate(
      async (id) => (await (await fetch(`/api/task/check?lessonId=${id}`)).json()).data,
      lesson.id,
    );
    assert.deepEqual([check.exists, check.canEdit], [false, true]);

    // Four bank questions with formulas: two single choices, a multiple choice, a fill-in.
    const pick = async (type, n) => {
      const found = await post(page, '/api/paper/search', {
        subject: SUBJECT,
        stage: STAGE,
        typeIds: [type],
        source: 1,
        pageNo: 1,
        pageSize: 50,
      });
      const withFormula = found.records.filter((q) => q.stem.includes('$') && q.knowledgePoints.length > 0);
      assert.ok(withFormula.length >= n, `type ${type}: ${withFormula.length} questions with formulas`);
      return withFormula.slice(0, n);
    };
    const questions = [...(await pick(1, 2)), ...(await pick(2, 1)), ...(await pick(3, 1))];
    await post(page, '/api/basket/add', { questionIds: questions.map((q) => q.questionId) });
    const basket = await post(page, '/api/basket/question/list', {});
    assert.equal(basket.total, 4);

    await page.goto(`${server.origin}/easyServer/scheduleDetail/${lesson.id}`);
    const section = page.getByRole('region', { name: '课后任务' });
    await section.getByText('本课次还没有布置课后任务。').waitFor({ timeout: 15_000 });
    await section.getByRole('button', { name: '布置任务' }).click();
    const dialog = page.getByRole('dialog', { name: '布置课后任务' });
    const name = dialog.getByRole('textbox', { name: '任务名称' });
    await name.waitFor({ timeout: 15_000 });
    const defaultName = (await post(page, '/api/task/getTaskName', { lessonId: lesson.id })).name;
    assert.equal(await name.inputValue(), defaultName);
    const questionGroup = dialog.getByRole('group', { name: '题目' });
    assert.equal(await questionGroup.getByRole('group', { name: /^试题篮第\d+题$/ }).count(), basket.total);
    await questionGroup.locator('.katex').first().waitFor();
    const students = detail.students.filter((s) => s.leftTime === 0);
    const limit = await post(page, '/api/task/class/student/limit', { classId: group.id });
    await dialog.getByText(`最多 ${limit.limit} 名（本班 ${limit.studentCount} 人）`).waitFor();
    for (const s of students) {
      assert.equal(
        await dialog.getByRole('checkbox', { name: `${s.studentName}（${s.studentCode}）` }).isChecked(),
        true,
        s.studentName,
      );
    }
    await dialog.getByRole('textbox', { name: '留言' }).fill('请在下次课前完成。');
    await screenshot(page, 'lesson-task-set');

    const [submitted] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/task/submit')(r.request())),
      dialog.getByRole('button', { name: '布置任务', exact: true }).click(),
    ]);
    const task = (await submitted.json()).data;
    assert.ok(task.taskId > 0, JSON.stringify(task));
    await dialog.waitFor({ state: 'detached' });
    await section.getByLabel('任务名称').filter({ hasText: defaultName }).waitFor();
    assert.equal(await section.getByLabel('题数').innerText(), `${task.questions.length} 道题`);
    assert.equal(await section.getByLabel('学生数').innerText(), `${task.studentCount} 名学生`);
    await section.getByText('作答中').waitFor();
    assert.equal(
      await section.getByRole('link', { name: '教师批改' }).getAttribute('href'),
      `/easyCorrect/teacherCorrect?taskId=${task.taskId}`,
    );
    assert.equal(task.studentCount, students.length);
    await screenshot(page, 'lesson-task-section');
    Object.assign(the, { lesson, group, task, student: students[0] });
    assert.deepEqual(pageErrors, []);
  });

  it('标注答案: a student’s sheet entered from their code with wrong choices shows the server’s marks', async () => {
    const { task, student } = the;
    assert.ok(task, 'the task was set');
    await page.getByRole('region', { name: '课后任务' }).getByRole('link', { name: '标注答案' }).click();
    await page.waitForURL(/\/easyCorrect\/markAnswer$/);
    const search = page.getByRole('search', { name: '查找学生' });
    await search.getByRole('textbox', { name: '学生编号' }).fill(student.studentCode);
    await search.getByRole('button', { name: '查询' }).click();
    const tasks = page.getByRole('table', { name: '学生的任务' });
    await tasks.getByRole('button', { name: `录入答案 ${task.name}` }).click();
    const form = page.getByRole('form', { name: '答题卡' });
    await form.waitFor();

    // The first single choice and the multiple choice wrong, the second single choice and the
    // fill-in as the bank answers them.
    const entered = [];
    for (const { position, question: q } of task.questions) {
      let answer;
      if (q.questionType === 1 || q.questionType === 2) {
        answer = position === 2 ? q.answer : wrongLetter(q);
        const group = form.getByRole('group', { name: `第${position}题作答` });
        for (const letter of answer) await group.getByRole('button', { name: letter, exact: true }).click();
      } else {
        answer = q.answer;
        await form.getByRole('textbox', { name: `第${position}题作答` }).fill(answer);
      }
      entered.push({ questionId: q.questionId, answer });
    }
    const [saved] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/task/answer/save')(r.request())),
      form.getByRole('button', { name: '保存答案' }).click(),
    ]);
    assert.deepEqual(JSON.parse(saved.request().postData()).answers, entered);
    const sheet = (await saved.json()).data;
    assert.ok(sheet.summary.wrong >= 2, `the wrong choices were marked wrong: ${JSON.stringify(sheet.summary)}`);

    // The marks shown are the server's: the total, and each question right or wrong with its points.
    const result = page.getByRole('region', { name: '批改结果' });
    const summary = result.getByRole('group', { name: '作答结果' });
    await summary.waitFor();
    const s = sheet.summary;
    assert.match(await summary.innerText(), new RegExp(`得分\\s*${s.score}/${s.totalScore}`));
    assert.match(await summary.innerText(), new RegExp(`对 ${s.right}\\s+错 ${s.wrong}\\s+待批改 ${s.toMark}`));
    for (const { position, score, question } of task.questions) {
      const marked = sheet.answers.find((a) => a.questionId === question.questionId);
      const article = result.getByRole('article', { name: `第${position}题` });
      await article.getByText(marked.correct ? '对' : '错', { exact: true }).waitFor();
      assert.equal(await article.getByLabel('得分').innerText(), `${marked.score}/${score}`);
    }
    await screenshot(page, 'lesson-task-marks');
    the.sheet = sheet;

    // 教师批改 shows the task's figures as the server counts them.
    await page.goto(`${server.origin}/easyCorrect/teacherCorrect?taskId=${task.taskId}`);
    const info = await post(page, '/api/task/studentSummaryInfo', { taskId: task.taskId });
    const overview = page.getByRole('region', { name: '作答概况' });
    const figure = (label) => overview.getByRole('group', { name: label }).locator('p').last();
    await until(
      () => figure('平均分').innerText(),
      (v) => v === average(info.averageScore),
    );
    assert.equal(await figure('平均分').innerText(), average(info.averageScore));
    assert.equal(await figure('正确率').innerText(), rate(info.accuracy));
    assert.equal(await figure('已作答').innerText(), String(info.answeredStudents));
    const row = page
      .getByRole('table', { name: '学生成绩' })
      .getByRole('row', { name: student.studentName, exact: true });
    await row.getByText(`${s.score}/${s.totalScore}`, { exact: true }).waitFor();
    assert.deepEqual(pageErrors, []);
  });

  it('错题本: the student’s wrong questions with their formulas; 发送相似题 ends as pushed', async () => {
    const { group, student, sheet } = the;
    assert.ok(sheet, 'the sheet was entered');
    const batchReads = [];
    page.on('request', (r) => {
      if (isPost('/api/wrongQuestion/similar/batch')(r)) batchReads.push(r.url());
    });
    await page.goto(`${server.origin}/correctionNotebook`);
    const nav = page.getByRole('navigation', { name: '班级' });
    await nav.getByText(group.name, { exact: true }).click();
    const table = page.getByRole('table', { name: '班级学生错题' });
    const row = table.getByRole('row', { name: student.studentName, exact: true });
    await row.getByRole('button', { name: student.studentName, exact: true }).click();

    const wrongs = await post(page, '/api/wrongQuestion/student/list', { studentId: student.studentId });
    const wrongIds = sheet.answers.filter((a) => a.correct === false).map((a) => a.questionId);
    assert.deepEqual(wrongs.map((w) => w.question.questionId).sort(), [...wrongIds].sort());
    const notebook = page.getByRole('region', { name: `${student.studentName}的错题` });
    const cards = notebook.getByRole('article');
    await until(
      () => cards.count(),
      (n) => n === wrongs.length,
    );
    assert.equal(await cards.count(), wrongs.length);
    const shownIds = await cards.evaluateAll((els) => els.map((e) => Number(e.dataset.questionId)));
    assert.deepEqual(
      shownIds,
      wrongs.map((w) => w.question.questionId),
    );
    for (let i = 0; i < wrongs.length; i += 1) {
      const stem = cards.nth(i).locator('[data-part="stem"]');
      const drawn = await formulas(stem);
      assert.ok(drawn.length > 0, `the stem has formulas: ${wrongs[i].question.stem}`);
      assert.ok(
        drawn.every((f) => f.katex),
        `KaTeX drew every formula: ${JSON.stringify(drawn)}`,
      );
      assert.match(await cards.nth(i).getByLabel('最近错答').innerText(), new RegExp(wrongs[i].lastAnswer));
    }
    assert.equal(await notebook.locator('.katex-error').count(), 0);
    await screenshot(page, 'lesson-task-notebook');

    // 发送相似题 for the class: the batch is shown as its pushes tell it until it ends.
    const send = page.getByRole('button', { name: '发送相似题' });
    await until(
      () => send.isEnabled(),
      (v) => v,
    );
    const [sent] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/wrongQuestion/similar/batchSend')(r.request())),
      send.click(),
    ]);
    const batch = (await sent.json()).data;
    assert.ok(batch.batchId > 0 && batch.total >= wrongIds.length, JSON.stringify(batch));
    const panel = page.getByRole('region', { name: '相似题发送' });
    await panel.waitFor();
    await page
      .locator('[role="region"][aria-label="相似题发送"]:is([data-status="3"], [data-status="4"])')
      .waitFor({ timeout: 30_000 });
    const ended = await post(page, '/api/wrongQuestion/similar/batch', { id: batch.batchId });
    assert.ok([3, 4].includes(ended.status), JSON.stringify(ended));
    assert.equal(await panel.getByLabel('已发送').innerText(), `已发送 ${ended.sent}`);
    assert.equal(await panel.getByLabel('失败').innerText(), `失败 ${ended.failed}`);
    assert.equal(await panel.getByLabel('共').innerText(), `共 ${ended.total} 道`);
    await panel.getByText(ended.status === 3 ? '已全部发送' : '部分发送失败', { exact: true }).waitFor();
    if (ended.status === 4) await panel.getByRole('button', { name: '重新发送' }).waitFor();
    // The page followed the pushes: it never read the batch (the read above is the test's own).
    assert.equal(batchReads.length, 1, `only the test read the batch: ${JSON.stringify(batchReads)}`);

    // The sent wrong questions now say so (the notebook was read again when the batch ended).
    const after = await post(page, '/api/wrongQuestion/student/list', { studentId: student.studentId });
    const states = () => cards.evaluateAll((els) => els.map((e) => Number(e.dataset.status)));
    const expected = after.map((w) => w.status);
    assert.deepEqual(await until(states, (v) => JSON.stringify(v) === JSON.stringify(expected)), expected);
    await screenshot(page, 'lesson-task-similar');
    assert.deepEqual(pageErrors, []);
  });
});
