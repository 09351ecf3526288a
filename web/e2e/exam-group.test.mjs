// End-to-end tests of exam groups and offline exams (易考试) against the real server and its demo
// records, as the demo teacher (on the teacher-group whitelist): a group created in the browser,
// two demo students added through the student search, the group's export queued in 下载中心, the
// whole group selected and an exam published to it; the exam opened from 考试列表, a score
// recorded for one student and the average shown as /exam/detail answers it; then 撤回 refused
// with the rule's reason (a student has handed in).
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, screenshot } from './browser.mjs';
import { closeReportPage, isPost, openReportPage, post, rowLabels, until } from './report-page.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
const GROUPS_PATH = '/easyexamination/offlineExam/examGroups';
const LIST_PATH = '/easyexamination/offlineExam/examList';
const GROUP = 'E2E 高二数学组';
const EXAM = 'E2E 单元测验';

/** An average as the page shows it (up to two decimals, trailing zeros dropped). */
const average = (v) => (v === null ? '-' : String(Number(v.toFixed(2))));

describe('EduHub exam groups', { skip: skip ?? false }, () => {
  /** @type {import('./server.mjs').EduHubServer} */
  let server;
  let browser;
  let context;
  let page;
  /** The page's script errors. */
  let pageErrors;

  before(async () => {
    ({ server, browser, context, page, pageErrors } = await openReportPage('exam-group', TEACHER));
  });

  after(() => closeReportPage({ context, browser, server }));

  /** Does `action` and returns the answer's data of the first POST to `path`. */
  async function answerOf(path, action) {
    const [response] = await Promise.all([page.waitForResponse((r) => isPost(path)(r.request())), action()]);
    const body = await response.json();
    assert.equal(body.code, '1', `${path}: ${JSON.stringify(body)}`);
    return body.data;
  }

  it('a group, two students, the group selected, an exam published; a score and the average; 撤回 refused', async () => {
    const flag = await post(page, '/api/teacher/group/white/check', { email: TEACHER });
    assert.equal(flag.showFlag, true, 'the demo teacher is on the teacher-group whitelist');

    // 考试分组: a new group.
    await page.goto(`${server.origin}${GROUPS_PATH}`);
    await page.getByRole('button', { name: '新建分组' }).click();
    const nameDialog = page.getByRole('dialog', { name: '新建分组' });
    await nameDialog.getByLabel('分组名称').fill(GROUP);
    const group = await answerOf('/api/exam/group/save', () =>
      nameDialog.getByRole('button', { name: '保存' }).click(),
    );
    assert.equal(group.groupName, GROUP);
    const groups = await post(page, '/api/exam/group/list', {});
    const groupTable = page.getByRole('table', { name: '我的分组' });
    const groupNames = groups.map((g) => g.groupName);
    assert.deepEqual(await rowLabels(groupTable, groupNames), groupNames);
    await page.getByRole('heading', { name: GROUP, exact: true }).waitFor();

    // 添加成员: two demo students found by their codes.
    await page.getByRole('button', { name: '添加成员' }).click();
    const picker = page.getByRole('dialog', { name: `添加成员 · ${GROUP}` });
    const [searched] = await Promise.all([
      page.waitForRequest(isPost('/api/exam/group/member/user/search', (b) => b.keyword === 'S2000')),
      picker.getByLabel('搜索学生').fill('S2000'),
    ]);
    assert.deepEqual(JSON.parse(searched.postData()), { keyword: 'S2000', groupId: group.id });
    const found = await post(page, '/api/exam/group/member/user/search', { keyword: 'S2000', groupId: group.id });
    assert.ok(found.length >= 2, 'the demo has students S2000…');
    const two = found.slice(0, 2);
    for (const s of two) await picker.getByRole('checkbox', { name: `选择 ${s.studentName}` }).check();
    const added = await answerOf('/api/exam/group/member/add', () =>
      picker.getByRole('button', { name: '添加', exact: true }).click(),
    );
    assert.deepEqual(added, { changed: 2, total: 2 });
    await picker.waitFor({ state: 'detached' });
    const members = await post(page, '/api/exam/group/member/list', { groupId: group.id, pageNo: 1, pageSize: 30 });
    const memberNames = members.records.map((m) => m.studentName);
    assert.deepEqual([...memberNames].sort(), two.map((s) => s.studentName).sort());
    assert.deepEqual(await rowLabels(page.getByRole('table', { name: '分组成员' }), memberNames), memberNames);
    // The search now marks them as members.
    const again = await post(page, '/api/exam/group/member/user/search', { keyword: 'S2000', groupId: group.id });
    assert.deepEqual(
      again.filter((s) => s.inGroup).map((s) => s.studentId),
      two.map((s) => s.studentId),
    );

    // 导出: queued in the download centre.
    const queued = await answerOf('/api/exam/group/export', () =>
      page.getByRole('button', { name: '导出', exact: true }).click(),
    );
    assert.ok(queued.queueCount >= 1);
    await page.getByText('已加入到下载队列，生成后可在下载中心下载').waitFor();
    await screenshot(page, 'exam-groups');

    // 整组加入选择, then 已选学生 → 发布考试.
    const selected = await answerOf('/api/exam/group/member/select/save/v2', () =>
      page.getByRole('button', { name: '整组加入选择' }).click(),
    );
    assert.deepEqual(selected, { changed: 2, total: 2 });
    await page.getByRole('button', { name: /^已选学生/ }).click();
    const drawer = page.getByRole('dialog', { name: '已选学生' });
    const selection = await post(page, '/api/exam/group/member/select/list', {});
    const selectedNames = selection.map((s) => s.studentName);
    assert.deepEqual(await rowLabels(drawer.getByRole('table', { name: '已选学生' }), selectedNames), selectedNames);
    await drawer.getByRole('button', { name: '发布考试' }).click();
    const form = page.getByRole('dialog', { name: '发布考试' });
    await form.getByText('将发布给已选的 2 名学生').waitFor();
    await form.getByLabel('考试名称').fill(EXAM);
    const exam = await answerOf('/api/exam/api/collections_suit/publish/gdk/pub', () =>
      form.getByRole('button', { name: '发布', exact: true }).click(),
    );
    assert.equal(exam.examName, EXAM);
    assert.equal(exam.memberCount, 2);
    await page.waitForURL(`${server.origin}/easyexamination/offlineExam/examDetail?examId=${exam.examId}`);
    assert.deepEqual(
      await post(page, '/api/exam/group/member/select/list', {}),
      [],
      'publishing empties the selection',
    );

    // 考试列表: the exam as the list answers it; its name opens it.
    await page.goto(`${server.origin}${LIST_PATH}`);
    const listed = await post(page, '/api/exam/list', { pageNo: 1, pageSize: 30 });
    const examTable = page.getByRole('table', { name: '我发布的考试' });
    const examNames = listed.records.map((e) => e.examName);
    assert.deepEqual(await rowLabels(examTable, examNames), examNames);
    await screenshot(page, 'exam-list');
    const row = examTable.getByRole('row', { name: EXAM, exact: true });
    assert.match(await row.innerText(), /0\/2/);
    await row.getByRole('link', { name: EXAM }).click();
    await page.waitForURL(`${server.origin}/easyexamination/offlineExam/examDetail?examId=${exam.examId}`);
    const examMembers = page.getByRole('table', { name: '考试成员' });
    await rowLabels(
      examMembers,
      (await post(page, '/api/exam/detail', { examId: exam.examId })).members.map((m) => m.studentName),
    );

    // A score for one student, saved; the average shown is the detail's.
    const student = two[0];
    await page.getByLabel(`${student.studentName}的成绩`).fill('88.5');
    const saved = await answerOf('/api/exam/score/save', () => page.getByRole('button', { name: '保存成绩' }).click());
    assert.equal(saved.submittedCount, 1);
    const detail = await post(page, '/api/exam/detail', { examId: exam.examId });
    assert.equal(detail.exam.averageScore, 88.5);
    const averageShown = () => page.getByRole('group', { name: '平均分' }).locator(':scope > div').innerText();
    assert.equal(
      await until(averageShown, (v) => v === average(detail.exam.averageScore)),
      average(detail.exam.averageScore),
    );
    const scored = detail.members.find((m) => m.studentId === student.studentId);
    assert.equal(scored.score, 88.5);
    assert.equal(scored.submitted, true);

    // 未交: the other student only.
    await page.locator('label').filter({ hasText: /^未交/ }).click();
    const open = await post(page, '/api/exam/group/member/select/noSubmit/list', { examId: exam.examId });
    const openNames = open.map((m) => m.studentName);
    assert.deepEqual(openNames, [two[1].studentName]);
    assert.deepEqual(await rowLabels(examMembers, openNames), openNames);
    await screenshot(page, 'exam-detail');

    // 撤回: someone handed in, so the rule refuses and says why.
    const check = await post(page, '/api/exam/api/collections_suit/checkIfCanRevoke', { examId: exam.examId });
    assert.equal(check.canRevoke, false);
    await page.getByRole('button', { name: '撤回', exact: true }).click();
    const refused = page.getByRole('dialog', { name: '无法撤回' });
    await refused.getByText(check.reason, { exact: true }).waitFor();
    await page.waitForTimeout(300); // the dialog's opening transition, for the screenshot
    await screenshot(page, 'exam-revoke-refused');
    assert.deepEqual(pageErrors, []);
  });
});
