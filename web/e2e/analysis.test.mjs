// End-to-end test of learning analysis (学情分析) and stage reports (阶段报告) against the real server
// and its demo bank, as the demo teacher. Through the REST API the teacher sets a task of bank
// questions on a lesson of their small group and enters two students' answer sheets (the first
// student: two choices wrong, one right, a worked answer waiting for marking). In the browser:
// the student's page leads to 学情分析, whose figures are the server's; a task opens 全卷分析
// (score, class, rank, each question's mark, formulas drawn by KaTeX); 生成阶段报告 leads to
// 模板分析, where a 错题复盘报告 is created (it starts with the period's wrong questions); in
// 报告编辑 a summary is written and a question taken out and saved, then added back from 选择错题
// with a note, saved and published; 阶段报告预览 shows it read-only. Every figure is checked
// against the server's own answers.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, screenshot } from './browser.mjs';
import {
  cards,
  closeReportPage,
  formulas,
  isPost,
  openReportPage,
  post,
  rowLabels,
  until,
  wrongLetter,
} from './report-page.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
/** Senior-high mathematics, the demo teacher's subject. */
const SUBJECT = 54;
const STAGE = 4;
const TASK_NAME = '学情分析·导数综合练习';
const SUMMARY = '本阶段导数计算更熟练，选择题仍有审题失误。';
const NOTE = '注意求导后代入的符号。';

const DAY_MS = 86_400_000;
const CHINA_MS = 8 * 3_600_000;
/** The day (YYYY-MM-DD) of an instant in China time, and the instant a China day starts. */
const chinaDay = (ms) => new Date(ms + CHINA_MS).toISOString().slice(0, 10);
const dayStart = (day) => Date.parse(`${day}T00:00:00Z`) - CHINA_MS;
/** A rate (percent, one decimal) as the pages show it: trailing .0 dropped, -1 is '/'. */
const rate = (r) => (r === -1 ? '/' : `${Number(r.toFixed(1))}%`);

/** The mark a question shows. */
const markText = (q) =>
  q.correct === true ? '对' : q.correct === false ? '错' : q.studentAnswer.trim() ? '待批改' : '未作答';

describe('EduHub learning analysis and stage reports', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  let pageErrors;
  /** What the steps share: the task, the student, the period, the report. */
  const the = {};

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('analysis', TEACHER));
  });

  after(() => closeReportPage({ context, browser, server }));

  it('the teacher sets a task on a lesson and two students’ answers are entered', async () => {
    const classes = await post(page, '/api/teaching/classes', { state: 'ongoing', pageNo: 1, pageSize: 30 });
    const group = classes.records.find((c) => c.classType === 2 && c.studentCount >= 2);
    assert.ok(group, 'the demo teacher has a small group');
    const detail = await post(page, '/api/teaching/class/detail', { id: group.id });
    let lesson = null;
    for (const l of detail.lessons) {
      const check = await page.evaluate(
        async (id) => (await (await fetch(`/api/task/check?lessonId=${id}`)).json()).data,
        l.id,
      );
      if (!check.exists && check.canEdit) {
        lesson = l;
        break;
      }
    }
    assert.ok(lesson, 'a lesson of the group without a task');

    // Three single choices and a worked question with formulas and knowledge points.
    const pick = async (type, n) => {
      const found = await post(page, '/api/paper/search', {
        subject: SUBJECT,
        stage: STAGE,
        typeIds: [type],
        source: 1,
        pageNo: 1,
        pageSize: 50,
      });
      const usable = found.records.filter((q) => q.stem.includes('$') && q.knowledgePoints.length > 0);
      assert.ok(usable.length >= n, `type ${type}: ${usable.length} questions with formulas and points`);
      return usable.slice(0, n);
    };
    const questions = [...(await pick(1, 3)), ...(await pick(4, 1))];
    const task = await post(page, '/api/task/submit', {
      lessonId: lesson.id,
      name: TASK_NAME,
      questions: questions.map((q, i) => ({ questionId: q.questionId, score: i === 3 ? 10 : 5 })),
    });
    assert.ok(task.taskId > 0, JSON.stringify(task));

    // The first student: the first two choices wrong, the third right, the worked one written
    // out (to mark); the second: every choice right.
    const [student, other] = detail.students.filter((s) => s.leftTime === 0);
    assert.ok(student && other, 'two students in the group');
    const sheet = (wrongs) =>
      task.questions.map(({ position, question: q }) => ({
        questionId: q.questionId,
        answer:
          q.questionType === 4
            ? "解：求导得 $f'(x)=0$ 的根为极值点。"
            : wrongs.includes(position)
              ? wrongLetter(q)
              : q.answer,
      }));
    const saved = await post(page, '/api/task/answer/save', {
      taskId: task.taskId,
      studentId: student.studentId,
      answers: sheet([1, 2]),
    });
    assert.equal(saved.summary.wrong, 2, JSON.stringify(saved.summary));
    await post(page, '/api/task/answer/save', { taskId: task.taskId, studentId: other.studentId, answers: sheet([]) });

    // The page's default period: the 90 China days to today.
    const today = chinaDay(Date.now());
    const period = { from: dayStart(today) - 89 * DAY_MS, to: dayStart(today) + DAY_MS };
    const wrongIds = task.questions.filter((q) => q.position <= 2).map((q) => q.question.questionId);
    Object.assign(the, { task, student, period, wrongIds });
    assert.deepEqual(pageErrors, []);
  });

  it('学情分析 from the student’s page shows the server’s figures; a task opens 全卷分析', async () => {
    const { task, student, period } = the;
    assert.ok(task, 'the task was set');
    await page.goto(`${server.origin}/easyServer/myStudent/studentDetail/${student.studentId}`);
    const link = page.locator('main').getByRole('link', { name: '学情分析', exact: true });
    await link.waitFor({ timeout: 15_000 });
    const [request] = await Promise.all([page.waitForRequest(isPost('/api/analysis/student')), link.click()]);
    await page.waitForURL(`${server.origin}/easyServer/analysisModule?studentId=${student.studentId}`);
    const body = { studentId: student.studentId, subject: 0, ...period };
    assert.deepEqual(JSON.parse(request.postData()), body);

    const analysis = await post(page, '/api/analysis/student', body);
    const ours = analysis.tasks.find((t) => t.taskId === task.taskId);
    assert.ok(ours, 'the task is in the analysis');
    assert.deepEqual(
      [ours.questionCount, ours.answered, ours.correct, ours.toMark, ours.score, ours.fullScore],
      [4, 4, 1, 1, 5, 25],
    );
    assert.equal(ours.scoreRate, 33.3, 'five of the fifteen points marked');
    assert.equal(ours.classRate, 66.7, 'twenty of the thirty points marked in the class');
    await page.getByRole('heading', { name: analysis.student.name, exact: true }).waitFor();
    const t = analysis.totals;
    assert.deepEqual(
      await until(
        () => cards(page, '作业概况'),
        (v) => v.length === 5,
      ),
      [
        ['作业数', String(t.taskCount)],
        ['作答题数', String(t.answered)],
        ['正确率', rate(t.correctRate)],
        ['得分率', rate(t.scoreRate)],
        ['待批改', String(t.toMark)],
      ],
    );
    assert.deepEqual(await cards(page, '错题情况'), [
      ['待巩固', String(t.wrongOpen)],
      ['已推送相似题', String(t.wrongSent)],
      ['已掌握', String(t.wrongMastered)],
    ]);
    assert.ok(t.wrongOpen >= 2, 'the two wrong choices wait to be consolidated');
    await page.getByRole('region', { name: '得分率走势' }).locator('svg.recharts-surface').first().waitFor();
    const mastery = page.getByRole('table', { name: '知识点掌握' });
    const points = analysis.points.map((p) => p.name);
    assert.deepEqual(await rowLabels(mastery, points), points, 'weakest first');
    const tasks = page.getByRole('table', { name: '作业' });
    const row = tasks.getByRole('row', { name: TASK_NAME, exact: true });
    assert.match(
      await row.innerText(),
      new RegExp(`${ours.score}/${ours.fullScore}\\s+${rate(ours.scoreRate)}\\s+${rate(ours.classRate)}`),
    );
    await screenshot(page, 'analysis-module');

    await row.getByRole('link', { name: TASK_NAME }).click();
    await page.waitForURL(
      `${server.origin}/easyServer/fullVolumeAnalysis?taskId=${task.taskId}&studentId=${student.studentId}`,
    );
    const paper = await post(page, '/api/analysis/paper', { taskId: task.taskId, studentId: student.studentId });
    await page.getByRole('heading', { name: TASK_NAME }).waitFor();
    assert.deepEqual(await cards(page, '成绩概况'), [
      ['得分', `${paper.score}/${paper.fullScore}`],
      ['班级人数', String(paper.classSize)],
      ['班级平均分', String(paper.classAverage)],
      ['班级最高分', String(paper.classMax)],
      ['班级排名', `${paper.rank}/${paper.classSize}`],
    ]);
    assert.deepEqual([paper.score, paper.classSize, paper.classMax, paper.rank], [5, 2, 15, 2]);
    const questions = page.getByRole('region', { name: '逐题分析' });
    const articles = questions.getByRole('article');
    assert.equal(await articles.count(), paper.questions.length);
    for (const q of paper.questions) {
      const article = questions.getByRole('article', { name: `第${q.position}题`, exact: true });
      await article.locator('.mantine-Badge-label').getByText(markText(q), { exact: true }).waitFor();
      assert.equal(await article.getByLabel('班级正确率').innerText(), `班级正确率 ${rate(q.classCorrectRate)}`);
      const drawn = await formulas(article.locator('[data-part="stem"]'));
      assert.ok(drawn.length > 0 && drawn.every((f) => f.katex), `KaTeX drew the stem: ${JSON.stringify(drawn)}`);
    }
    assert.deepEqual(paper.questions.map(markText), ['错', '错', '对', '待批改']);
    await screenshot(page, 'analysis-paper');
    assert.deepEqual(pageErrors, []);
  });

  it('模板分析 creates a 错题复盘报告 of the period, opened in 报告编辑', async () => {
    const { student, period, wrongIds } = the;
    assert.ok(wrongIds, 'the answers were entered');
    await page.locator('main').getByRole('link', { name: '学情分析', exact: true }).click();
    await page.waitForURL(`${server.origin}/easyServer/analysisModule?studentId=${student.studentId}`);
    await page.getByRole('link', { name: '生成阶段报告' }).click();
    await page.waitForURL(/\/easyServer\/templateAnalysis\?/);
    const templates = page.getByRole('radiogroup', { name: '报告模板' });
    await templates.getByRole('radio', { name: '错题复盘报告' }).click();
    const [created] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/analysis/report/create')(r.request())),
      page.getByRole('button', { name: '创建报告' }).click(),
    ]);
    assert.deepEqual(JSON.parse(created.request().postData()), {
      studentId: student.studentId,
      template: 2,
      subject: 0,
      ...period,
      taskId: null,
      title: null,
    });
    const report = (await created.json()).data;
    assert.equal(report.canEdit, true);
    // It starts with the period's wrong questions not yet mastered.
    assert.deepEqual(report.questions.map((q) => q.questionId).sort(), [...wrongIds].sort());
    await page.waitForURL(`${server.origin}/easyServer/reportingEdit?reportId=${report.id}`);
    await page.getByRole('heading', { name: `报告题目（${report.questions.length}/50）` }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: '报告标题' }).inputValue(), report.title);
    await screenshot(page, 'analysis-report-edit');
    the.report = report;
    assert.deepEqual(pageErrors, []);
  });

  it('报告编辑: a summary is saved with a question taken out, which 选择错题 adds back; the report is published', async () => {
    const { report, student } = the;
    assert.ok(report, 'the report was created');
    const [kept, removed] = report.questions.map((q) => q.questionId);
    await page.getByRole('textbox', { name: '阶段总结' }).fill(SUMMARY);
    await page.getByRole('button', { name: '移除第2题' }).click();
    await page.getByText('有未保存的修改').waitFor();
    let [saved] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/analysis/report/save')(r.request())),
      page.getByRole('button', { name: '保存', exact: true }).click(),
    ]);
    assert.deepEqual(JSON.parse(saved.request().postData()), {
      id: report.id,
      title: report.title,
      summary: SUMMARY,
      comment: '',
      nextPlan: '',
      questions: [{ questionId: kept, note: '' }],
      updatedAt: report.updatedAt,
    });
    assert.equal((await saved.json()).code, '1');
    await page.getByText('有未保存的修改').waitFor({ state: 'detached' });

    // 选择错题: the student's wrong questions of the period; the one kept is marked.
    await page.getByRole('link', { name: '选择错题' }).click();
    await page.waitForURL(`${server.origin}/easyServer/selectErrorQuestion?reportId=${report.id}`);
    const wrongs = await post(page, '/api/analysis/wrongQuestions', {
      studentId: student.studentId,
      status: 0,
      nodeId: 0,
      from: report.from,
      to: report.to,
    });
    const list = page.getByRole('list', { name: '错题' });
    const items = list.getByRole('article');
    await until(
      () => items.count(),
      (n) => n === wrongs.length,
    );
    assert.deepEqual(
      await items.evaluateAll((els) => els.map((e) => Number(e.dataset.questionId))),
      wrongs.map((w) => w.questionId),
    );
    const keptItem = list.locator(`article[data-question-id="${kept}"]`);
    await keptItem.getByText('已在报告中').waitFor();
    const index = wrongs.findIndex((w) => w.questionId === removed);
    assert.ok(index >= 0, 'the question taken out is a wrong question of the period');
    await list.getByRole('checkbox', { name: `选择第${index + 1}题` }).check();
    const [added] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/analysis/report/addQuestions')(r.request())),
      page.getByRole('button', { name: '加入报告' }).click(),
    ]);
    assert.deepEqual(JSON.parse(added.request().postData()), { id: report.id, questionIds: [removed] });
    assert.equal((await added.json()).data, 1);
    await page.waitForURL(`${server.origin}/easyServer/reportingEdit?reportId=${report.id}`);
    await page.getByRole('heading', { name: '报告题目（2/50）' }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: '阶段总结' }).inputValue(), SUMMARY);

    await page.getByRole('textbox', { name: '第2题点评' }).fill(NOTE);
    [saved] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/analysis/report/save')(r.request())),
      page.getByRole('button', { name: '保存', exact: true }).click(),
    ]);
    assert.deepEqual(JSON.parse(saved.request().postData()).questions, [
      { questionId: kept, note: '' },
      { questionId: removed, note: NOTE },
    ]);
    assert.equal((await saved.json()).code, '1');

    await page.getByRole('button', { name: '发布', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '发布报告' });
    const [published] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/analysis/report/publish')(r.request())),
      dialog.getByRole('button', { name: '发布' }).click(),
    ]);
    const answer = await published.json();
    assert.equal(answer.code, '1', JSON.stringify(answer));
    assert.deepEqual([answer.data.status, answer.data.canEdit], [2, false]);
    await page.waitForURL(`${server.origin}/easyServer/stageReportPreview?reportId=${report.id}`);
    assert.deepEqual(pageErrors, []);
  });

  it('阶段报告预览 shows the published report read-only', async () => {
    const { report } = the;
    assert.ok(report, 'the report was published');
    const stored = await post(page, '/api/analysis/report/detail', { id: report.id });
    assert.deepEqual([stored.status, stored.summary], [2, SUMMARY]);
    const view = page.getByRole('article', { name: stored.title, exact: true });
    await view.waitFor({ timeout: 15_000 });
    await view.getByText('已发布', { exact: true }).waitFor();
    assert.ok((await view.getByRole('region', { name: '阶段总结' }).innerText()).includes(SUMMARY));
    const t = stored.analysis.totals;
    assert.deepEqual((await cards(page, '作业概况'))[2], ['正确率', rate(t.correctRate)]);
    const questions = view.getByRole('region', { name: '错题复盘' }).getByRole('article');
    assert.deepEqual(
      await questions.evaluateAll((els) => els.map((e) => Number(e.dataset.questionId))),
      stored.questions.map((q) => q.questionId),
    );
    assert.equal(await questions.nth(1).getByLabel('老师点评').innerText(), `老师点评：${NOTE}`);
    assert.equal(await page.locator('main').getByRole('textbox').count(), 0, 'nothing to edit');
    await page.getByRole('button', { name: '打印' }).waitFor();
    await screenshot(page, 'analysis-stage-report');

    // The editor now reads it read-only and leads here.
    await page.goto(`${server.origin}/easyServer/reportingEdit?reportId=${report.id}`);
    await page.getByText('已发布的报告不能再修改。').waitFor({ timeout: 15_000 });
    assert.equal(
      await page.getByRole('link', { name: '查看阶段报告' }).getAttribute('href'),
      `/easyServer/stageReportPreview?reportId=${report.id}`,
    );
    assert.deepEqual(pageErrors, []);
  });
});
