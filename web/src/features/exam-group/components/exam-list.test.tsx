import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { examRow, pageOf, selectedStudent } from '../test-helpers';
import { ExamList } from './exam-list';

beforeEach(() => sessionStore.set((s) => ({ ...s, user: userInfo() })));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null }));
});

const LIST = '/easyexamination/offlineExam/examList';

function Opened() {
  const { pathname, search } = useLocation();
  return <p>opened {pathname + search}</p>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: LIST, element: <ExamList title="考试列表" /> },
      { path: '*', element: <Opened /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function server({ showFlag = true, selection = [selectedStudent(1), selectedStudent(2)] } = {}) {
  return mockFetch([
    ['POST', '/api/teacher/group/white/check', () => envelope({ showFlag })],
    [
      'POST',
      '/api/exam/list',
      () =>
        envelope(
          pageOf([
            examRow(7, { examName: '单元测验', averageScore: 86.25 }),
            examRow(8, { status: 2, statusName: '已撤回', averageScore: null }),
          ]),
        ),
    ],
    [
      'POST',
      '/api/exam/share/list',
      () => envelope([examRow(9, { examName: '期中模拟', mine: false, ownerName: '赵老师' })]),
    ],
    ['POST', '/api/exam/group/member/select/list', () => envelope(selection)],
    [
      'POST',
      '/api/exam/api/collections_suit/publish/gdk/pub',
      () => envelope(examRow(12, { examName: '周测', memberCount: 2, submittedCount: 0 })),
    ],
  ]);
}

describe('考试列表', () => {
  it('我发布的: my exams page by page, with handed-in counts, averages and status; a name opens the exam', async () => {
    const fetch = server();
    renderAt(LIST);
    const table = await screen.findByRole('table', { name: '我发布的考试' });
    const row = await within(table).findByRole('row', { name: '单元测验' });
    expect(row).toHaveTextContent('1/3');
    expect(row).toHaveTextContent('86.25');
    expect(row).toHaveTextContent('已发布');
    expect(within(table).getByRole('row', { name: '考试8' })).toHaveTextContent('已撤回');
    expect(bodiesOf(fetch, '/api/exam/list')).toEqual([{ pageNo: 1, pageSize: 30 }]);

    await userEvent.click(screen.getByRole('radio', { name: '已撤回' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/exam/list')).toContainEqual({ status: 2, pageNo: 1, pageSize: 30 }),
    );

    await userEvent.click(within(table).getByRole('link', { name: '单元测验' }));
    expect(await screen.findByText('opened /easyexamination/offlineExam/examDetail?examId=7')).toBeInTheDocument();
  });

  it('共享给我的: the exams colleagues shared, with who published them', async () => {
    const fetch = server();
    renderAt(`${LIST}?tab=shared`);
    const table = await screen.findByRole('table', { name: '共享给我的考试' });
    expect(await within(table).findByRole('row', { name: '期中模拟' })).toHaveTextContent('赵老师');
    expect(bodiesOf(fetch, '/api/exam/share/list')).toEqual([{}]);
    expect(bodiesOf(fetch, '/api/exam/list')).toEqual([]);
  });

  it('发布考试 publishes to the selection and opens the new exam', async () => {
    const fetch = server();
    renderAt(LIST);
    await userEvent.click(await screen.findByRole('button', { name: '发布考试' }));
    const form = await screen.findByRole('dialog', { name: '发布考试' });
    expect(await within(form).findByText(/将发布给已选的/)).toHaveTextContent('将发布给已选的 2 名学生');
    await userEvent.click(within(form).getByRole('button', { name: '发布' }));
    expect(await within(form).findByText('请输入考试名称')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('考试名称'), '周测');
    await userEvent.click(within(form).getByRole('button', { name: '发布' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/exam/api/collections_suit/publish/gdk/pub')).toHaveLength(1));
    const body = bodiesOf(fetch, '/api/exam/api/collections_suit/publish/gdk/pub')[0]!;
    expect(body).toMatchObject({ examName: '周测', fullScore: 100 });
    expect(Number(body.endTime) - Number(body.startTime)).toBe(2 * 3_600_000);
    expect(await screen.findByText('opened /easyexamination/offlineExam/examDetail?examId=12')).toBeInTheDocument();
  });

  it('with nothing selected, 发布考试 links to 考试分组 to pick students', async () => {
    server({ selection: [] });
    renderAt(LIST);
    await userEvent.click(await screen.findByRole('button', { name: '发布考试' }));
    const form = await screen.findByRole('dialog', { name: '发布考试' });
    expect(await within(form).findByText('尚未选择学生')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: '发布' })).toBeDisabled();
    await userEvent.click(within(form).getByRole('link', { name: '去考试分组选择学生' }));
    expect(await screen.findByText('opened /easyexamination/offlineExam/examGroups')).toBeInTheDocument();
  });

  it('without the teacher-group whitelist: no 发布考试 and no 考试分组', async () => {
    const fetch = server({ showFlag: false });
    renderAt(LIST);
    await screen.findByRole('table', { name: '我发布的考试' });
    await waitFor(() => expect(bodiesOf(fetch, '/api/teacher/group/white/check')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: '发布考试' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '考试分组' })).not.toBeInTheDocument();
  });
});
