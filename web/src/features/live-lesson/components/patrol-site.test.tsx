import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import { bodiesOf, envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { at, LESSON_ID, liveDetail, liveServer, PATROL_LIST, PATROL_SAVE, patrolRow, WATCH } from '../test-helpers';
import { STUDENT_TABLE } from './live-view';
import { PatrolSite } from './patrol-site';
import { PATROL_TABLE } from './patrol-records';

afterEach(() => vi.unstubAllGlobals());

const renderPage = (client = connectedClient().client) =>
  render(<PatrolSite lessonId={LESSON_ID} client={client} />, { route: `/easyServer/patrolSitePage/${LESSON_ID}` });

const records = () => screen.getByRole('table', { name: PATROL_TABLE });

/** The texts of a record's cells, in the table's order. */
const cells = (record: string) =>
  within(within(records()).getByRole('row', { name: record }))
    .getAllByRole('cell')
    .map((c) => c.textContent);

const SAVED = patrolRow(2, {
  result: 2,
  resultDesc: '有问题',
  remark: '学生连麦有回声',
  present: 17,
  createdAt: at(25),
});

describe('巡课', () => {
  it('lets an inspector record a patrol: 有问题 needs a remark, here too; the record heads the list', async () => {
    let saved = false;
    const fetch = liveServer(
      () => liveDetail({ canPatrol: true }),
      [
        ['POST', PATROL_LIST, () => envelope(saved ? [SAVED, patrolRow(1)] : [patrolRow(1)])],
        [
          'POST',
          PATROL_SAVE,
          () => {
            saved = true;
            return envelope(SAVED);
          },
        ],
      ],
    );
    renderPage();
    // The live view as on 看课, then the records.
    expect(await screen.findByRole('table', { name: STUDENT_TABLE })).toBeInTheDocument();
    expect(bodiesOf(fetch, WATCH)).toEqual([{ lessonId: LESSON_ID }]);
    expect(await within(records()).findByRole('row', { name: '赵质检 2026-03-02 19:10' })).toBeInTheDocument();
    expect(cells('赵质检 2026-03-02 19:10')).toEqual(['2026-03-02 19:10', '赵质检', '正常', '18', '上课中', '-']);
    expect(bodiesOf(fetch, PATROL_LIST)).toEqual([{ lessonId: LESSON_ID }]);

    const form = screen.getByRole('region', { name: '记录巡课' });
    await userEvent.click(within(form).getByRole('radio', { name: '有问题' }));
    await userEvent.click(within(form).getByRole('button', { name: '提交巡课记录' }));
    expect(await within(form).findByText('有问题时请在备注中写明问题')).toBeInTheDocument();
    expect(bodiesOf(fetch, PATROL_SAVE)).toEqual([]);

    const remark = within(form).getByRole('textbox', { name: /备注/ });
    await userEvent.type(remark, ' 学生连麦有回声 ');
    expect(within(form).getByText('9/500')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: '提交巡课记录' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, PATROL_SAVE)).toEqual([{ lessonId: LESSON_ID, result: 2, remark: '学生连麦有回声' }]),
    );
    expect(await within(records()).findByRole('row', { name: '赵质检 2026-03-02 19:25' })).toBeInTheDocument();
    expect(cells('赵质检 2026-03-02 19:25')).toEqual([
      '2026-03-02 19:25',
      '赵质检',
      '有问题',
      '17',
      '上课中',
      '学生连麦有回声',
    ]);
    // Newest first, and the form starts over.
    expect(
      within(records())
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['赵质检 2026-03-02 19:25', '赵质检 2026-03-02 19:10']);
    await waitFor(() => expect(remark).toHaveValue(''));
  });

  it('sends 正常 without a remark, and shows the reason when the server refuses', async () => {
    const fetch = liveServer(
      () => liveDetail({ canPatrol: true }),
      [['POST', PATROL_SAVE, () => envelope(null, 'A0300', '无权限', 403)]],
    );
    renderPage();
    const form = await screen.findByRole('region', { name: '记录巡课' });
    await userEvent.click(within(form).getByRole('button', { name: '提交巡课记录' }));
    await waitFor(() => expect(bodiesOf(fetch, PATROL_SAVE)).toEqual([{ lessonId: LESSON_ID, result: 1 }]));
    expect(await screen.findByText('无权限')).toBeInTheDocument();
  });

  it('shows the records read-only to anyone else', async () => {
    liveServer(liveDetail, [['POST', PATROL_LIST, () => envelope([patrolRow(1)])]]);
    renderPage();
    expect(await screen.findByText('仅质检人员可记录巡课')).toBeInTheDocument();
    expect(await within(records()).findByRole('row', { name: '赵质检 2026-03-02 19:10' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '记录巡课' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交巡课记录' })).not.toBeInTheDocument();
  });

  it("reads the records again on its lesson's patrol signal only", async () => {
    let rows = [patrolRow(1)];
    const fetch = liveServer(liveDetail, [['POST', PATROL_LIST, () => envelope(rows)]]);
    const { client, socket } = connectedClient();
    renderPage(client);
    await within(await screen.findByRole('table', { name: PATROL_TABLE })).findByRole('row', {
      name: '赵质检 2026-03-02 19:10',
    });

    rows = [patrolRow(3, { inspectorName: '钱质检', createdAt: at(30) }), patrolRow(1)];
    socket.push('', 'magic_live_lesson', pushContent({ value: { lessonId: LESSON_ID + 1, what: 'patrol' } }));
    socket.push('', 'magic_live_lesson', pushContent({ value: { lessonId: LESSON_ID, what: 'presence' } }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/liveLesson/detail')).toHaveLength(2));
    expect(bodiesOf(fetch, PATROL_LIST)).toHaveLength(1);

    socket.push('', 'magic_live_lesson', pushContent({ value: { lessonId: LESSON_ID, what: 'patrol' } }));
    expect(await within(records()).findByRole('row', { name: '钱质检 2026-03-02 19:30' })).toBeInTheDocument();
    expect(bodiesOf(fetch, PATROL_LIST)).toHaveLength(2);
  });
});
