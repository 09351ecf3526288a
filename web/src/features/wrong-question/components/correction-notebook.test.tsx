import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SimilarBatch } from '@/generated/SimilarBatch';
import type { RealtimeClient } from '@/lib/realtime';
import { connectedClient, pushContent, pushFrame } from '@/testing/fake-socket';
import {
  bodiesOf,
  envelope,
  mockFetch,
  render,
  screen,
  urlsOf,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { CLASS_GROUPS, similarBatch, wrongQuestion, wrongStudent } from '../test-helpers';
import { CorrectionNotebook } from './correction-notebook';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/correctionNotebook';

function renderAt(entry: string, client: RealtimeClient) {
  const router = createMemoryRouter(
    [{ path: PATH, element: <CorrectionNotebook title="错题本" realtime={client} /> }],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function server({ open = 5, sendingBatchId = 0 } = {}) {
  const state = { open, sendingBatchId };
  const fetch = mockFetch([
    ['POST', '/api/wrongQuestion/class/group/list', () => envelope(CLASS_GROUPS)],
    [
      'POST',
      '/api/wrongQuestion/task/studentSummaryInfo',
      () => envelope([wrongStudent(1), wrongStudent(2, { total: 2, open: 2, sent: 0 })]),
    ],
    [
      'POST',
      '/api/wrongQuestion/exist/status',
      () => envelope({ classId: 57, exist: state.open > 0, open: state.open, sendingBatchId: state.sendingBatchId }),
    ],
    [
      'POST',
      '/api/wrongQuestion/student/list',
      () =>
        envelope([
          wrongQuestion(7),
          wrongQuestion(8, {
            status: 2,
            statusName: '已推送相似题',
            wrongCount: 1,
            lastAnswer: '$x=3$',
            question: {
              ...wrongQuestion(8).question,
              questionType: 3,
              typeName: '填空题',
              options: [],
              answer: '$x=2$',
            },
          }),
        ]),
    ],
    [
      'POST',
      '/api/wrongQuestion/similar/batchSend',
      () => {
        state.sendingBatchId = 9;
        return envelope(similarBatch());
      },
    ],
    ['POST', '/api/wrongQuestion/similar/batch', () => envelope(similarBatch())],
    ['POST', '/api/resendBatch/9', () => envelope(similarBatch({ status: 1, sent: 3, failed: 0 }))],
  ]);
  return { fetch, state };
}

describe('错题本', () => {
  it('a class’s students; a student’s wrong questions with formulas, filtered by state', async () => {
    const { fetch } = server();
    const { client } = connectedClient();
    const router = renderAt(PATH, client);
    const nav = await screen.findByRole('navigation', { name: '班级' });
    expect(await within(nav).findByText('小组课')).toBeInTheDocument();
    await userEvent.click(await within(nav).findByText('高二数学提高小组'));
    expect(router.state.location.search).toBe('?classId=57');

    const table = await screen.findByRole('table', { name: '班级学生错题' });
    const row = await within(table).findByRole('row', { name: '学员2' });
    expect(row).toHaveTextContent('ST2');
    expect(bodiesOf(fetch, '/api/wrongQuestion/task/studentSummaryInfo')).toEqual([{ classId: 57 }]);
    await userEvent.click(within(row).getByRole('button', { name: '学员2' }));
    expect(router.state.location.search).toBe('?classId=57&studentId=2');

    const notebook = await screen.findByRole('region', { name: '学员2的错题' });
    const first = await within(notebook).findByRole('article', { name: '错题1' });
    expect(first.querySelector('[data-part="stem"] .katex')).not.toBeNull();
    expect(within(first).getByLabelText('最近错答')).toHaveTextContent('B');
    expect(first).toHaveTextContent('错 2 次');
    expect(first).toHaveTextContent('待巩固');
    const second = within(notebook).getByRole('article', { name: '错题2' });
    expect(within(second).getByLabelText('最近错答').querySelector('.katex')).not.toBeNull();
    expect(bodiesOf(fetch, '/api/wrongQuestion/student/list')).toEqual([{ studentId: 2 }]);

    await userEvent.click(within(notebook).getByText('已掌握'));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/wrongQuestion/student/list').at(-1)).toEqual({ studentId: 2, status: 3 }),
    );
  });

  it('发送相似题 for the picked students; the batch follows its pushes; 重新发送 its failures', async () => {
    const { fetch } = server();
    const { client, socket } = connectedClient();
    renderAt(`${PATH}?classId=57`, client);
    const table = await screen.findByRole('table', { name: '班级学生错题' });
    const send = screen.getByRole('button', { name: '发送相似题' });
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(within(table).getByRole('checkbox', { name: '选择 学员1' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/wrongQuestion/exist/status')).toContainEqual({ classId: 57, studentIds: [1] }),
    );
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/wrongQuestion/similar/batchSend')).toEqual([{ classId: 57, studentIds: [1] }]),
    );

    const panel = await screen.findByRole('region', { name: '相似题发送' });
    expect(panel).toHaveTextContent('等待发送');
    // A batch is under way: nothing more is sent meanwhile.
    await waitFor(() => expect(screen.getByRole('button', { name: '发送相似题' })).toBeDisabled());

    const pushed = (batch: SimilarBatch, id: number) =>
      socket.push(id, 'magic_similar_batch', pushContent({ value: batch as never }));
    pushed(similarBatch({ status: 2, sent: 2 }), 1);
    await waitFor(() => expect(panel).toHaveTextContent('发送中'));
    expect(within(panel).getByLabelText('已发送')).toHaveTextContent('已发送 2');

    pushed(
      similarBatch({
        status: 4,
        sent: 3,
        failed: 1,
        failures: [{ studentId: 1, studentName: '学员1', questionId: 7, reason: '暂无可用的相似题' }],
      }),
      2,
    );
    await waitFor(() => expect(panel).toHaveTextContent('部分发送失败'));
    expect(within(panel).getByLabelText('失败')).toHaveTextContent('失败 1');
    const failures = within(panel).getByRole('table', { name: '发送失败' });
    expect(within(failures).getByRole('row', { name: '学员1 7' })).toHaveTextContent('暂无可用的相似题');
    // No poll: the batch was read only when it was sent.
    expect(urlsOf(fetch).filter((u) => u === '/api/wrongQuestion/similar/batch')).toEqual([]);

    await userEvent.click(within(panel).getByRole('button', { name: '重新发送' }));
    await waitFor(() => expect(urlsOf(fetch)).toContain('/api/resendBatch/9'));
    await waitFor(() => expect(panel).toHaveTextContent('等待发送'));
    expect(within(panel).queryByRole('button', { name: '重新发送' })).not.toBeInTheDocument();
  });

  it('keeps what was pushed when the job ends before the send’s answer arrives', async () => {
    const { fetch } = server();
    const { client, socket } = connectedClient();
    const ended = similarBatch({ status: 3, sent: 4 });
    const fallback = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input: string, init?: RequestInit) => {
      if (input === '/api/wrongQuestion/similar/batchSend') {
        socket.receive(pushFrame(1, 'magic_similar_batch', pushContent({ value: ended as never })));
        return envelope(similarBatch());
      }
      return fallback(input, init);
    });
    renderAt(`${PATH}?classId=57`, client);
    await screen.findByRole('table', { name: '班级学生错题' });
    const send = screen.getByRole('button', { name: '发送相似题' });
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    const panel = await screen.findByRole('region', { name: '相似题发送' });
    await waitFor(() => expect(panel).toHaveTextContent('已全部发送'));
    expect(within(panel).getByLabelText('已发送')).toHaveTextContent('已发送 4');
  });

  it('cannot send when nothing is open', async () => {
    server({ open: 0 });
    const { client } = connectedClient();
    renderAt(`${PATH}?classId=57`, client);
    await screen.findByRole('table', { name: '班级学生错题' });
    await screen.findByText(/待巩固 0 道/);
    expect(screen.getByRole('button', { name: '发送相似题' })).toBeDisabled();
  });
});
