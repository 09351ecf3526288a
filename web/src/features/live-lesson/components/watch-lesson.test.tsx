import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import { bodiesOf, envelope, render, screen, waitFor, within } from '@/testing/test-utils';
import { absent, at, DETAIL, LESSON_ID, left, liveDetail, liveServer, liveStudent, WATCH } from '../test-helpers';
import { STUDENT_TABLE } from './live-view';
import { WatchLesson } from './watch-lesson';

afterEach(() => vi.unstubAllGlobals());

const fact = (region: string, label: string) =>
  within(screen.getByRole('region', { name: region })).getByRole('group', { name: label });

/** The texts of a student's cells, in the table's order. */
const cells = (student: string) =>
  within(within(screen.getByRole('table', { name: STUDENT_TABLE })).getByRole('row', { name: student }))
    .getAllByRole('cell')
    .map((c) => c.textContent);

const renderPage = (client = connectedClient().client) =>
  render(<WatchLesson lessonId={LESSON_ID} client={client} />, { route: `/easyServer/watchLessonPage/${LESSON_ID}` });

describe('看课', () => {
  it('shows the lesson, the teacher, the counts and every student as the server reads them', async () => {
    const fetch = liveServer();
    renderPage();
    expect(await screen.findByRole('heading', { name: '第3讲 分数的认识' })).toBeInTheDocument();
    expect(bodiesOf(fetch, WATCH)).toEqual([{ lessonId: LESSON_ID }]);
    expect(bodiesOf(fetch, DETAIL)).toEqual([{ lessonId: LESSON_ID }]);

    const header = screen.getByRole('region', { name: '课次信息' });
    expect(within(header).getByText('上课中')).toBeInTheDocument();
    expect(fact('课次信息', '班级')).toHaveTextContent('三年级数学A班（XS2026A）');
    expect(fact('课次信息', '学科')).toHaveTextContent('数学');
    expect(fact('课次信息', '主讲老师')).toHaveTextContent('王老师');
    expect(fact('课次信息', '上课时间')).toHaveTextContent('2026-03-02 19:00–20:30');
    // No recording yet: no way to a replay.
    expect(screen.queryByRole('link', { name: '回放' })).not.toBeInTheDocument();

    expect(fact('主讲老师', '状态')).toHaveTextContent('在教室');
    expect(fact('主讲老师', '首次进入')).toHaveTextContent('18:55:00');
    expect(fact('到课情况', '在教室')).toHaveTextContent('1');
    expect(fact('到课情况', '已进入')).toHaveTextContent('2');
    expect(fact('到课情况', '学员')).toHaveTextContent('4');

    const table = screen.getByRole('table', { name: STUDENT_TABLE });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['学员', '小组', '状态', '首次进入', '最后离开', '时长', '进入次数']);
    expect(cells('学员2')).toEqual(['学员2（S0002）', '第二组', '已离开', '19:01:05', '19:40:30', '35:10', '2']);
    expect(cells('学员3')).toEqual(['学员3（S0003）', '第一组', '未进入', '-', '-', '-', '0']);
    expect(cells('学员4')).toEqual(['学员4（S0004）', '第二组', '请假', '-', '-', '-', '0']);
    // Still in the room: the stay counts on from 20:00 by itself.
    expect(cells('学员1').slice(0, 5)).toEqual(['学员1（S0001）', '第一组', '在教室', '19:02:00', '-']);
    expect(cells('学员1')[5]).toMatch(/^20:0\d$/);
  });

  it('links to the replay once the lesson has a recording', async () => {
    liveServer(() => liveDetail({ recording: { resourceId: 900, fileName: '第3讲.mp4' } }));
    renderPage();
    expect(await screen.findByRole('link', { name: '回放' })).toHaveAttribute(
      'href',
      `/easyServer/playbackPage/${LESSON_ID}`,
    );
  });

  it("reads the lesson again on its own lesson's signal, not on another lesson's", async () => {
    // Read after the lesson: nobody's stay grows, so only the signal changes the page.
    const ended = { state: 2, stateDesc: '已结束', now: at(95) };
    let detail = liveDetail(ended);
    const fetch = liveServer(() => detail);
    const { client, socket } = connectedClient();
    renderPage(client);
    await screen.findByRole('table', { name: STUDENT_TABLE });
    expect(cells('学员3')[2]).toBe('未进入');

    detail = liveDetail({
      ...ended,
      students: [liveStudent(1, absent()), liveStudent(2, absent()), liveStudent(3, left()), liveStudent(4, absent())],
      present: 0,
      entered: 1,
    });
    socket.push('', 'magic_live_lesson', pushContent({ value: { lessonId: LESSON_ID + 1, what: 'presence' } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodiesOf(fetch, DETAIL)).toHaveLength(1);
    expect(cells('学员3')[2]).toBe('未进入');

    socket.push('', 'magic_live_lesson', pushContent({ value: { lessonId: LESSON_ID, what: 'presence' } }));
    await waitFor(() => expect(cells('学员3')[2]).toBe('已离开'));
    expect(bodiesOf(fetch, DETAIL)).toHaveLength(2);
    expect(fact('到课情况', '在教室')).toHaveTextContent('0');
    expect(fact('到课情况', '已进入')).toHaveTextContent('1');
  });

  it("says why a lesson cannot be read (the server's message)", async () => {
    liveServer(undefined, [['POST', DETAIL, () => envelope(null, 'A0300', '无权查看该课次', 403)]]);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('无权查看该课次');
  });
});
