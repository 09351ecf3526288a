import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { bodies, doneTask, pageOf, refusal, taskRow, workTaskServer } from '../../test-helpers';
import { MY_TASK_TABLE, MyTask } from './my-task';

afterEach(() => vi.unstubAllGlobals());

const LIST = '/api/workTask/my/list';
const COUNT = '/api/workTask/my/count';
const FINISH = '/api/workTask/finish';

const TASK_1 = '首课跟进任务 学员1 #1';
const TASK_2 = '首课跟进任务 学员2 #2';

function server(finish = () => envelope(doneTask(1))) {
  return workTaskServer([
    [
      'POST',
      LIST,
      pageOf([
        taskRow(1),
        taskRow(2, { status: 2, statusDesc: '已逾期' }),
        doneTask(3, { finishedLate: true, qcStatus: 2, qcStatusDesc: '不合格', qcRemark: '通话时间过短' }),
      ]),
    ],
    ['GET', COUNT, () => envelope({ todo: 4, overdue: 2, done: 7, unqualified: 1 })],
    ['POST', FINISH, finish],
  ]);
}

async function renderList() {
  render(<MyTask />, { route: '/easyServer/myTask' });
  const table = await screen.findByRole('table', { name: MY_TASK_TABLE });
  await within(table).findByRole('row', { name: TASK_1 });
  return table;
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('我的任务', () => {
  it('shows the counts and the tasks to do, and sends the state, step and course chosen', async () => {
    const fetch = server();
    const table = await renderList();
    const overview = screen.getByRole('region', { name: '任务概览' });
    expect(within(overview).getByRole('group', { name: '待完成' })).toHaveTextContent('4');
    expect(within(overview).getByRole('group', { name: '已逾期' })).toHaveTextContent('2');
    expect(within(overview).getByRole('group', { name: '已完成' })).toHaveTextContent('7');
    expect(within(overview).getByRole('group', { name: '不合格' })).toHaveTextContent('1');
    expect(bodies(fetch, LIST)[0]).toEqual({ status: 0, pageNo: 1, pageSize: 30 });
    expect(bodies(fetch, COUNT)).toHaveLength(1);

    // 任务名称, 环节, 课程类型, 学员, 学科, 上课日期, 截止时间, 状态, 完成时间, 质检结果, 质检备注, 操作.
    expect(cellTexts(within(table).getByRole('row', { name: TASK_1 }))).toEqual([
      '首课跟进任务',
      '开课电话',
      '正价课首课',
      '学员1（S0001）',
      '数学',
      '2026-03-02',
      '2026-03-03 22:00',
      '待完成',
      '-',
      '未质检',
      '-',
      '完成详情',
    ]);
    expect(within(table).getByRole('row', { name: TASK_2 })).toHaveTextContent('已逾期');
    const late = within(table).getByRole('row', { name: '首课跟进任务 学员3 #3' });
    expect(late).toHaveTextContent('逾期完成');
    expect(late).toHaveTextContent('不合格');
    expect(late).toHaveTextContent('通话时间过短');
    expect(within(late).queryByRole('button', { name: /^完成/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: `详情 ${TASK_1}` })).toHaveAttribute(
      'href',
      '/easyServer/workTaskDetail?id=1',
    );

    await userEvent.click(screen.getByRole('radio', { name: '已逾期' }));
    await waitFor(() => expect(bodies(fetch, LIST).at(-1)).toEqual({ status: 2, pageNo: 1, pageSize: 30 }));
    await userEvent.click(screen.getByRole('textbox', { name: '环节' }));
    await userEvent.click(await screen.findByRole('option', { name: '回访' }));
    await userEvent.click(screen.getByRole('textbox', { name: '课程类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '试听课' }));
    await waitFor(() =>
      expect(bodies(fetch, LIST).at(-1)).toEqual({
        status: 2,
        stepCode: 'followup',
        tabType: 'ST',
        pageNo: 1,
        pageSize: 30,
      }),
    );
    await userEvent.click(screen.getByRole('radio', { name: '全部' }));
    await waitFor(() =>
      expect(bodies(fetch, LIST).at(-1)).toEqual({ stepCode: 'followup', tabType: 'ST', pageNo: 1, pageSize: 30 }),
    );
  });

  it('finishes a task with a note, then reads the list and the counts again', async () => {
    const fetch = server();
    const table = await renderList();
    await userEvent.click(within(table).getByRole('button', { name: `完成 ${TASK_1}` }));
    const dialog = await screen.findByRole('dialog', { name: '完成任务' });
    const note = within(dialog).getByRole('textbox', { name: '完成说明' });
    expect(note).toHaveAttribute('maxlength', '500');
    await userEvent.type(note, '已电话沟通');
    expect(within(dialog).getByText('5/500')).toBeInTheDocument();
    const reads = { list: bodies(fetch, LIST).length, count: bodies(fetch, COUNT).length };
    await userEvent.click(within(dialog).getByRole('button', { name: '确认完成' }));
    await waitFor(() => expect(bodies(fetch, FINISH)).toEqual([{ id: 1, note: '已电话沟通' }]));
    expect(await screen.findByText('任务已标记为完成')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '完成任务' })).not.toBeInTheDocument());
    await waitFor(() => {
      expect(bodies(fetch, LIST).length).toBeGreaterThan(reads.list);
      expect(bodies(fetch, COUNT).length).toBeGreaterThan(reads.count);
    });
  });

  it("shows the server's refusal of a task done already", async () => {
    const fetch = server(refusal('A0409', '任务已完成', 409));
    const table = await renderList();
    await userEvent.click(within(table).getByRole('button', { name: `完成 ${TASK_2}` }));
    const dialog = await screen.findByRole('dialog', { name: '完成任务' });
    await userEvent.click(within(dialog).getByRole('button', { name: '确认完成' }));
    expect(await screen.findByText('任务已完成')).toBeInTheDocument();
    expect(bodies(fetch, FINISH)).toEqual([{ id: 2, note: '' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '完成任务' })).not.toBeInTheDocument());
  });
});
