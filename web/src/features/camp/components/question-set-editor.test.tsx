import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import { campKeys } from '../api/camp-keys';
import { campPhase, phaseTask } from '../test-helpers';
import { QuestionSetEditor } from './question-set-editor';

afterEach(() => vi.unstubAllGlobals());

const ADD = '/api/camp/add-phase-task';
const UPDATE = '/api/camp/update-phase-task-name';

function server() {
  return mockFetch([
    ['POST', ADD, () => envelope([phaseTask(41, 10, { taskName: '小测' })])],
    ['POST', UPDATE, () => envelope(phaseTask(7, 10, { taskName: '改名' }))],
    ['POST', '/api/camp/', () => envelope(null)],
  ]);
}

describe('题集 editor', () => {
  it('says what is missing and sends nothing until the set is complete', async () => {
    const fetch = server();
    const onClose = vi.fn();
    render(<QuestionSetEditor campId={5} phaseId={10} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '新建题集' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请输入任务名称');
    expect(within(dialog).getByText('请输入题干')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/^任务名称/), '小测');
    await userEvent.type(within(dialog).getByLabelText('第1题 题干'), '1+1=?');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('第1题：选项不能为空');
    for (const [k, text] of ['一', '二', '三', '四'].entries()) {
      await userEvent.type(within(dialog).getByLabelText(`第1题 选项${'ABCD'[k]}`), text);
    }
    expect(within(dialog).getByRole('alert')).toHaveTextContent('第1题：请选择正确答案');
    // Removing option A keeps the answer on its option.
    await userEvent.click(within(dialog).getByLabelText('第1题 正确答案 B'));
    await userEvent.click(within(dialog).getByRole('button', { name: '删除第1题 选项A' }));
    expect(within(dialog).getByLabelText('第1题 正确答案 A')).toBeChecked();
    expect(bodiesOf(fetch, ADD)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesOf(fetch, ADD)).toEqual([
      {
        campId: 5,
        phaseId: 10,
        taskList: [
          {
            bizId: '',
            taskName: '小测',
            ext: '',
            taskType: 3,
            questions: [{ stem: '1+1=?', options: ['二', '三', '四'], answer: 0 }],
          },
        ],
      },
    ]);
  });

  it('edits a stored set: its questions and answers, saved with update-phase-task-name; the phase shows it', async () => {
    const fetch = server();
    const task = phaseTask(7, 10, { taskName: '旧名' });
    const { queryClient } = render(<QuestionSetEditor campId={5} phaseId={10} task={task} onClose={() => {}} />);
    queryClient.setQueryData(campKeys.phases(5), [{ ...campPhase(10), tasks: [task] }]);
    const dialog = await screen.findByRole('dialog', { name: '编辑题集' });
    expect(within(dialog).getByLabelText('第1题 题干')).toHaveValue('1+1=?');
    expect(within(dialog).getByLabelText('第1题 正确答案 B')).toBeChecked();
    const name = within(dialog).getByLabelText(/^任务名称/);
    await userEvent.clear(name);
    await userEvent.type(name, '改名');
    await userEvent.click(within(dialog).getByRole('button', { name: '添加题目' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '删除第2题' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await vi.waitFor(() =>
      expect(bodiesOf(fetch, UPDATE)).toEqual([
        { campId: 5, taskId: 7, taskName: '改名', questions: [{ stem: '1+1=?', options: ['1', '2'], answer: 1 }] },
      ]),
    );
    await vi.waitFor(() =>
      expect(
        queryClient.getQueryData<{ tasks: { taskName: string }[] }[]>(campKeys.phases(5))?.[0]?.tasks[0]?.taskName,
      ).toBe('改名'),
    );
  });
});
