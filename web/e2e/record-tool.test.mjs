// End-to-end test of the record tools (听课记录) against the real server and its demo records: the
// demo principal (周校长, a school manager) finds a lesson of the demo teacher's today on 开始听课
// and starts its visit; on 听课记录表 they score every dimension of the sheet, note the lesson's
// timeline and write a summary (保存 sends what the form holds, the server keeps it); on 听课学生
// the lesson's students are the server's and one is rated; 完成记录 finishes the visit, whose sheet
// is then read-only, and 听课管理 lists it with its score. The teacher, who could not read the
// visit while it was recorded, then sees it on the lesson's page, reads the sheet and the rating,
// and finds it in their 听课管理. The sheet also saves itself a few seconds after a change (a
// reload shows it), and a link away with unsaved changes asks first. Every figure is checked
// against the server's own answers.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, pagePost, screenshot } from './browser.mjs';
import {
  closeReportPage,
  isPost,
  openReportPage,
  openSecondPage,
  post,
  rowLabels,
  sameJson,
  tableRows,
  until,
} from './report-page.mjs';

const skip = browserTestsSkipped();

const PRINCIPAL = { email: 'principal@demo.eduhub', name: '周校长' };
const TEACHER = { email: 'teacher@demo.eduhub', name: '张老师' };
const NOTES = [
  { minute: 15, text: '学生分组讨论例题，老师巡视指导' },
  { minute: 3, text: '复习上节课的函数单调性，导入新课' },
];
const SUMMARY = '目标明确，讲练结合；建议多给基础较弱的学生展示的机会。';
const STUDENT_NOTE = '积极回答问题';
/** Added to the summary to show the autosave, then taken away again. */
const SUMMARY_MORE = '课堂练习的时间可以再多留一些。';

const CHINA_MS = 8 * 3_600_000;
/** An instant as the pages show it in China time (YYYY-MM-DD HH:mm). */
const chinaTime = (ms) => new Date(ms + CHINA_MS).toISOString().slice(0, 16).replace('T', ' ');
/** The day (YYYY-MM-DD) of an instant in China time. */
const chinaDay = (ms) => new Date(ms + CHINA_MS).toISOString().slice(0, 10);
/** A lesson's hours as its card shows them (09:00–11:00). */
const clockRange = (start, end) => {
  const clock = (ms) => new Date(ms + CHINA_MS).toISOString().slice(11, 16);
  return end > start ? `${clock(start)}–${clock(end)}` : clock(start);
};
/** A visitable lesson's card name (features/teaching/calendar lessonLabel). */
const lessonLabel = (l) => `${clockRange(l.startTime, l.endTime)} ${l.className} ${l.title}`;
/** A visit's row name in 听课管理 (record-tool-dict visitRowLabel). */
const visitRowLabel = (r) => `${chinaTime(r.lessonStart)} ${r.className} ${r.visitorName}`;

describe('EduHub record tools (听课记录)', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  /** The principal's page. */
  let page;
  let pageErrors;
  /** The teacher's page, in a context of its own. */
  let teacherContext;
  let teacherPage;
  /** What the steps share: the lesson, the visit, the sheet, the rated student. */
  const the = {};

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('record-tool', PRINCIPAL.email));
    ({ context: teacherContext, page: teacherPage } = await openSecondPage(
      { browser, server, pageErrors },
      'record-tool teacher',
      TEACHER.email,
    ));
  });

  after(async () => {
    await teacherContext?.close();
    await closeReportPage({ context, browser, server });
  });

  it('开始听课 lists the day’s lessons; the principal starts a visit of the teacher’s lesson and saves its sheet', async () => {
    const today = chinaDay(Date.now());
    const lessons = await post(page, '/api/recordTool/lessons', { day: today });
    // A lesson of the demo teacher's today, not cancelled, with students, not visited yet.
    const item = lessons.find(
      (l) =>
        l.lesson.teacherName === TEACHER.name &&
        l.lesson.status !== 2 &&
        l.lesson.studentCount >= 2 &&
        l.visitCount === 0,
    );
    assert.ok(item, `the demo teacher has a lesson today in the principal's school: ${JSON.stringify(lessons)}`);
    const { lesson } = item;
    // The teacher holds no visitor's role.
    assert.equal((await pagePost(teacherPage, '/api/recordTool/lessons', { day: today })).code, 'A0300');

    await page.goto(`${server.origin}/recordTool/startRecord`);
    const list = page.getByRole('list', { name: '可听的课次' });
    await list.waitFor({ timeout: 15_000 });
    assert.equal(await page.getByLabel('上课日期').inputValue(), today, 'today in China time');
    const cards = list.getByRole('article');
    assert.equal(
      await until(
        () => cards.count(),
        (n) => n === lessons.length,
      ),
      lessons.length,
      'a card per lesson the server lists',
    );
    const card = list.getByRole('article', { name: lessonLabel(lesson), exact: true });
    const cardText = await card.innerText();
    assert.match(cardText, new RegExp(TEACHER.name));
    assert.match(cardText, new RegExp(item.schoolName));
    await screenshot(page, 'record-tool-start');

    const [started] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/recordTool/visit/start')(r.request())),
      card.getByRole('button', { name: '开始听课' }).click(),
    ]);
    const visit = (await started.json()).data;
    assert.equal(visit.lesson.id, lesson.id);
    assert.equal(visit.canEdit, true);
    await page.waitForURL(`${server.origin}/recordTool/proceedRecord?id=${visit.id}`);
    const fact = (label) => page.getByRole('group', { name: label, exact: true });
    await fact('听课人').getByText(PRINCIPAL.name).waitFor();
    assert.match(await fact('授课老师').innerText(), new RegExp(TEACHER.name));
    await page.getByText('记录中', { exact: true }).first().waitFor();

    // The sheet: a score per dimension of the layout, the total as they are typed.
    const layout = await page.evaluate(async () => (await (await fetch('/api/recordTool/layout')).json()).data);
    assert.deepEqual(
      visit.scores.map((s) => s.key),
      layout.map((d) => d.key),
    );
    const scoring = page.getByRole('region', { name: '评分' });
    const scores = layout.map((d, i) => d.maxScore - 1 - (i % 3));
    const max = layout.reduce((sum, d) => sum + d.maxScore, 0);
    let total = 0;
    for (const [i, d] of layout.entries()) {
      await scoring.getByRole('textbox', { name: `${d.name}（满分 ${d.maxScore}）` }).fill(String(scores[i]));
      total += scores[i];
      await scoring.getByRole('status', { name: '总分' }).getByText(`总分 ${total} / ${max}`).waitFor();
    }

    // The timeline: a later minute first; the form puts each note at its minute.
    const timeline = page.getByRole('region', { name: '过程记录' });
    const adding = timeline.getByRole('group', { name: '添加记录' });
    for (const note of NOTES) {
      await adding.getByRole('textbox', { name: '第几分钟' }).fill(String(note.minute));
      await adding.getByRole('textbox', { name: '记录内容' }).fill(note.text);
      await adding.getByRole('button', { name: '添加' }).click();
    }
    const sorted = [...NOTES].sort((a, b) => a.minute - b.minute);
    for (const [i, note] of sorted.entries()) {
      const row = timeline.getByRole('group', { name: `记录 ${i + 1}`, exact: true });
      assert.equal(await row.getByRole('textbox', { name: '分钟' }).inputValue(), String(note.minute));
      assert.equal(await row.getByRole('textbox', { name: '内容' }).inputValue(), note.text);
    }
    await page.getByRole('textbox', { name: '总评' }).fill(SUMMARY);
    await page.getByText('有未保存的修改').waitFor();
    await screenshot(page, 'record-tool-sheet');

    const [saved] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/recordTool/visit/save')(r.request())),
      page.getByRole('button', { name: '保存', exact: true }).click(),
    ]);
    assert.deepEqual(JSON.parse(saved.request().postData()), {
      id: visit.id,
      scores: layout.map((d, i) => ({ key: d.key, score: scores[i] })),
      notes: sorted,
      summary: SUMMARY,
    });
    const answer = await saved.json();
    assert.equal(answer.code, '1', JSON.stringify(answer));
    await page.getByText('听课记录已保存').first().waitFor();
    await page.getByText('有未保存的修改').waitFor({ state: 'detached' });
    // The server keeps what was saved.
    const stored = await post(page, '/api/recordTool/visit/detail', { id: visit.id });
    assert.deepEqual(
      [stored.totalScore, stored.maxTotal, stored.notes, stored.summary, stored.status],
      [total, max, sorted, SUMMARY, 0],
    );
    assert.deepEqual(
      stored.scores.map((s) => s.score),
      scores,
    );
    // The lesson's teacher does not read a visit being recorded.
    assert.equal((await pagePost(teacherPage, '/api/recordTool/visit/detail', { id: visit.id })).code, 'A0404');
    Object.assign(the, { lesson, visit, layout, scores, total, max, notes: sorted });
    assert.deepEqual(pageErrors, []);
  });

  it('the sheet saves itself a few seconds after a change, and leaving with unsaved changes asks first', async () => {
    const { visit } = the;
    assert.ok(visit, 'the visit was started');
    const summary = page.getByRole('textbox', { name: '总评' });
    const indicator = page.getByRole('status', { name: '保存状态' });
    /** Whether the browser would ask before the page is closed or reloaded. */
    const asksBeforeUnload = () =>
      page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })));
    assert.equal(await asksBeforeUnload(), false, 'nothing unsaved after 保存');

    const autosaved = page.waitForResponse((r) => isPost('/api/recordTool/visit/save')(r.request()), {
      timeout: 20_000,
    });
    await summary.fill(`${SUMMARY}${SUMMARY_MORE}`);
    await indicator.getByText('有未保存的修改').waitFor();
    assert.equal(await asksBeforeUnload(), true);
    // A link away asks first; staying keeps what was typed.
    await page.getByRole('link', { name: '听课学生' }).click();
    const leaving = page.getByRole('dialog', { name: '离开此页面？' });
    await leaving.getByText('听课记录有未保存的修改').waitFor();
    await leaving.getByRole('button', { name: '留在此页' }).click();
    await leaving.waitFor({ state: 'detached' });
    assert.equal(page.url(), `${server.origin}/recordTool/proceedRecord?id=${visit.id}`);

    // Saved by itself, quietly, a few seconds after the last change.
    const answer = await autosaved;
    assert.equal(JSON.parse(answer.request().postData()).summary, `${SUMMARY}${SUMMARY_MORE}`);
    assert.equal((await answer.json()).code, '1');
    await indicator.getByText(/^已自动保存 \d\d:\d\d:\d\d$/).waitFor();
    assert.equal(await asksBeforeUnload(), false);
    await page.reload();
    await summary.waitFor({ timeout: 15_000 });
    assert.equal(await summary.inputValue(), `${SUMMARY}${SUMMARY_MORE}`);
    await screenshot(page, 'record-tool-autosaved');

    // Back to the summary the later steps expect, saved the same way.
    const restored = page.waitForResponse((r) => isPost('/api/recordTool/visit/save')(r.request()), {
      timeout: 20_000,
    });
    await summary.fill(SUMMARY);
    assert.equal(JSON.parse((await restored).request().postData()).summary, SUMMARY);
    await indicator.getByText(/^已自动保存/).waitFor();
    assert.equal((await post(page, '/api/recordTool/visit/detail', { id: visit.id })).summary, SUMMARY);
    assert.deepEqual(pageErrors, []);
  });

  it('听课学生: the lesson’s students as the server lists them; one is rated', async () => {
    const { visit } = the;
    assert.ok(visit, 'the visit was started');
    await page.getByRole('link', { name: '听课学生' }).click();
    await page.waitForURL(`${server.origin}/recordTool/recordStudentList?id=${visit.id}`);
    const students = await post(page, '/api/recordTool/visit/students', { id: visit.id });
    assert.ok(students.length >= 2, JSON.stringify(students));
    const names = () => page.getByRole('article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    const expected = students.map((s) => s.studentName);
    assert.deepEqual(await until(names, (v) => sameJson(v, expected)), expected);
    assert.ok(
      students.every((s) => s.attention === 0),
      'no one rated yet',
    );

    const student = students[0];
    const article = page.getByRole('article', { name: student.studentName, exact: true });
    const save = article.getByRole('button', { name: '保存' });
    assert.equal(await save.isDisabled(), true, 'nothing to save before a change');
    await article.getByRole('textbox', { name: '专注度' }).click();
    await page.getByRole('option', { name: '专注', exact: true }).click();
    await article.getByRole('textbox', { name: '备注' }).fill(STUDENT_NOTE);
    const [rated] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/recordTool/visit/student/save')(r.request())),
      save.click(),
    ]);
    assert.deepEqual(JSON.parse(rated.request().postData()), {
      id: visit.id,
      studentId: student.studentId,
      attention: 4,
      note: STUDENT_NOTE,
    });
    await page.getByText(`已保存${student.studentName}的评价`).first().waitFor();
    await until(
      () => save.isDisabled(),
      (v) => v,
    );
    const after = await post(page, '/api/recordTool/visit/students', { id: visit.id });
    const stored = after.find((s) => s.studentId === student.studentId);
    assert.deepEqual([stored.attention, stored.attentionName, stored.note], [4, '专注', STUDENT_NOTE]);
    assert.equal(after.filter((s) => s.attention !== 0).length, 1, 'only that student rated');
    await screenshot(page, 'record-tool-students');
    the.student = stored;
    assert.deepEqual(pageErrors, []);
  });

  it('完成记录 finishes the visit: the sheet turns read-only and 听课管理 lists it with its score', async () => {
    const { visit, layout, scores, total, max } = the;
    assert.ok(the.student, 'a student was rated');
    await page.getByRole('link', { name: '返回听课记录表' }).click();
    await page.waitForURL(`${server.origin}/recordTool/proceedRecord?id=${visit.id}`);
    await page.getByRole('button', { name: '完成记录' }).click();
    const confirm = page.getByRole('dialog', { name: '完成听课记录' });
    await confirm.getByText('完成后记录不能再修改').waitFor();
    const [finished] = await Promise.all([
      page.waitForResponse((r) => isPost('/api/recordTool/visit/finish')(r.request())),
      confirm.getByRole('button', { name: '完成记录' }).click(),
    ]);
    const done = (await finished.json()).data;
    assert.deepEqual([done.status, done.canEdit, done.totalScore], [1, false, total]);
    await page.getByText('听课记录已完成').first().waitFor();
    await confirm.waitFor({ state: 'detached' });

    // Read-only now: the scores of the server, no fields, the finish time.
    const table = page.getByRole('table', { name: '各维度得分' });
    await table.waitFor();
    for (const [i, d] of layout.entries()) {
      const row = table.getByRole('row', { name: d.name, exact: true });
      assert.match(await row.innerText(), new RegExp(`${scores[i]} / ${d.maxScore}`));
    }
    assert.equal(await page.getByRole('status', { name: '总分' }).innerText(), `总分 ${total} / ${max}`);
    assert.equal(await page.getByRole('button', { name: '完成记录' }).count(), 0);
    for (const region of ['评分', '过程记录', '总评']) {
      assert.equal(await page.getByRole('region', { name: region }).getByRole('textbox').count(), 0, region);
    }
    assert.match(
      await page.getByRole('group', { name: '完成时间', exact: true }).innerText(),
      new RegExp(chinaTime(done.finishedAt)),
    );
    await page.getByText('已完成', { exact: true }).first().waitFor();
    await screenshot(page, 'record-tool-finished');

    // 听课管理: the last 30 days, the visit with its score.
    const [listed] = await Promise.all([
      page.waitForRequest(isPost('/api/recordTool/visits')),
      page.goto(`${server.origin}/recordTool/recordVisitManage`),
    ]);
    const search = JSON.parse(listed.postData());
    assert.equal(search.to, chinaDay(Date.now()));
    const visits = await post(page, '/api/recordTool/visits', search);
    const row = visits.records.find((r) => r.id === visit.id);
    assert.ok(row, JSON.stringify(visits));
    assert.deepEqual([row.status, row.totalScore, row.maxTotal, row.canDelete], [1, total, max, true]);
    const visitTable = page.getByRole('table', { name: '听课记录', exact: true });
    const labels = visits.records.map(visitRowLabel);
    assert.deepEqual(await rowLabels(visitTable, labels), labels);
    const rows = await tableRows(visitTable, (v) => v.some(([label]) => label === visitRowLabel(row)));
    const [, cells] = rows.find(([label]) => label === visitRowLabel(row));
    assert.deepEqual(
      [cells.visitorName, cells.teacherName, cells.status, cells.totalScore],
      [PRINCIPAL.name, TEACHER.name, '已完成', `${total}/${max}`],
    );
    await visitTable.getByRole('button', { name: `删除 ${visitRowLabel(row)}` }).waitFor();
    await screenshot(page, 'record-tool-manage');
    the.row = row;
    assert.deepEqual(pageErrors, []);
  });

  it('the teacher reads the finished visit from the lesson’s page and finds it in their 听课管理', async () => {
    const { lesson, visit, layout, scores, total, max, notes, student, row } = the;
    assert.ok(row, 'the visit was finished');
    const stored = await post(teacherPage, '/api/recordTool/visit/detail', { id: visit.id });
    assert.deepEqual([stored.status, stored.canEdit, stored.summary], [1, false, SUMMARY]);

    await teacherPage.goto(`${server.origin}/easyServer/scheduleDetail/${lesson.id}`);
    const section = teacherPage.getByRole('region', { name: '听课记录', exact: true });
    const visitRow = section
      .getByRole('table', { name: '本课次的听课记录' })
      .getByRole('row', { name: PRINCIPAL.name, exact: true });
    await visitRow.waitFor({ timeout: 15_000 });
    const text = await visitRow.innerText();
    assert.match(text, /已完成/);
    assert.match(text, new RegExp(`${total}/${max}`));
    assert.match(text, new RegExp(chinaTime(stored.finishedAt)));
    await screenshot(teacherPage, 'record-tool-lesson-page');

    await visitRow.getByRole('link', { name: '查看' }).click();
    await teacherPage.waitForURL(`${server.origin}/recordTool/proceedRecord?id=${visit.id}`);
    const table = teacherPage.getByRole('table', { name: '各维度得分' });
    await table.waitFor();
    for (const [i, d] of layout.entries()) {
      assert.match(
        await table.getByRole('row', { name: d.name, exact: true }).innerText(),
        new RegExp(`${scores[i]} / ${d.maxScore}`),
      );
    }
    const timeline = teacherPage.getByRole('region', { name: '过程记录' }).getByRole('listitem');
    assert.deepEqual(
      (await timeline.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')),
      notes.map((n) => `第 ${n.minute} 分钟 ${n.text}`),
    );
    assert.match(await teacherPage.getByRole('region', { name: '总评' }).innerText(), new RegExp(SUMMARY));
    assert.equal(await teacherPage.getByRole('button', { name: '完成记录' }).count(), 0);

    await teacherPage.getByRole('link', { name: '听课学生' }).click();
    const rated = teacherPage.getByRole('article', { name: student.studentName, exact: true });
    await rated.getByText(`专注度：${student.attentionName}`).waitFor();
    await rated.getByText(`备注：${STUDENT_NOTE}`).waitFor();
    await screenshot(teacherPage, 'record-tool-teacher-students');

    // 听课管理: the finished visits of the teacher's lessons, theirs to read, not to delete.
    const [listed] = await Promise.all([
      teacherPage.waitForRequest(isPost('/api/recordTool/visits')),
      teacherPage.goto(`${server.origin}/recordTool/recordVisitManage`),
    ]);
    const theirs = await post(teacherPage, '/api/recordTool/visits', JSON.parse(listed.postData()));
    assert.deepEqual(
      theirs.records.map((r) => [r.id, r.canDelete]),
      [[visit.id, false]],
    );
    const visitTable = teacherPage.getByRole('table', { name: '听课记录', exact: true });
    assert.deepEqual(await rowLabels(visitTable, [visitRowLabel(row)]), [visitRowLabel(row)]);
    await visitTable.getByRole('link', { name: `查看 ${visitRowLabel(row)}` }).waitFor();
    assert.equal(await visitTable.getByRole('button', { name: `删除 ${visitRowLabel(row)}` }).count(), 0);
    assert.deepEqual(pageErrors, []);
  });
});
