import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { putBytes } from '@/features/upload/api/uploads';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import {
  bodiesOf,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import type { QueueExport } from '../api/export-group';
import { examGroup, groupStudent, pageOf, selectedStudent } from '../test-helpers';
import { ExamGroups } from './exam-groups';

vi.mock('@/features/upload/api/uploads', () => ({ putBytes: vi.fn(() => Promise.resolve({ fileId: 'f1' })) }));

beforeEach(() => sessionStore.set((s) => ({ ...s, user: userInfo() })));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(putBytes).mockClear();
  sessionStore.set((s) => ({ ...s, user: null }));
});

const GROUPS = [examGroup(1, { groupName: '高二A组', memberCount: 2 }), examGroup(2, { groupName: '高二B组' })];

type Answer = Response | ((init?: RequestInit) => Response);

function server(overrides: Record<string, Answer> = {}) {
  const answer =
    (path: string, fallback: Answer) =>
    (_url: URL, init?: RequestInit): Response => {
      const a = overrides[path] ?? fallback;
      return typeof a === 'function' ? a(init) : a.clone();
    };
  const route = (path: string, fallback: Answer): [string, string, (u: URL, i?: RequestInit) => Response] => [
    'POST',
    path,
    answer(path, fallback),
  ];
  return mockFetch([
    route('/api/teacher/group/white/check', envelope({ showFlag: true })),
    route('/api/exam/group/list', envelope(GROUPS)),
    route('/api/exam/group/member/list', envelope(pageOf([groupStudent(1), groupStudent(2)]))),
    route(
      '/api/exam/group/member/user/search',
      envelope([groupStudent(1, { inGroup: true }), groupStudent(3, { inGroup: false })]),
    ),
    route('/api/exam/group/member/add', envelope({ changed: 1, total: 3 })),
    route('/api/exam/group/member/select/list', envelope([selectedStudent(1)])),
    route('/api/exam/group/member/select/save/v2', envelope({ changed: 2, total: 3 })),
    route('/api/exam/group/member/select/save', envelope({ changed: 1, total: 3 })),
    route('/api/exam/group/save', (init) =>
      envelope(examGroup(5, { groupName: String(jsonBody(init).groupName), memberCount: 0 })),
    ),
    route('/api/exam/group/export', envelope({ queueCount: 1 })),
    route(
      '/api/resource/getUploadUrl',
      envelope({ fileId: 'f1', uploadUrl: '/api/files/upload/f1?sig=s', fileName: '名单.xlsx', expireTime: 0 }),
    ),
    route(
      '/api/exam/group/import',
      envelope({
        group: examGroup(9, { groupName: '导入组', memberCount: 2 }),
        added: 2,
        errors: [
          { row: 4, reason: '学号S99999不存在或不是本校区的学生' },
          { row: 3, reason: '姓名与学号S20002不符' },
        ],
      }),
    ),
  ]);
}

const queueExport: QueueExport = (call) => call();

async function openGroup(name: string) {
  const table = await screen.findByRole('table', { name: '我的分组' });
  await userEvent.click(await within(table).findByRole('button', { name }));
  return screen.findByRole('table', { name: '分组成员' });
}

describe('考试分组', () => {
  it('says so to a user without the teacher-group whitelist and reads no group', async () => {
    const fetch = server({ '/api/teacher/group/white/check': envelope({ showFlag: false }) });
    render(<ExamGroups title="考试分组" queueExport={queueExport} />, { route: '/' });
    expect(await screen.findByText('暂未开通考试分组，请联系管理员开通。')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/teacher/group/white/check')).toEqual([{ email: 'teacher@demo.eduhub' }]);
    expect(bodiesOf(fetch, '/api/exam/group/list')).toEqual([]);
  });

  it('lists my groups; a group opens with its members; 添加成员 finds students, those in the group marked', async () => {
    const fetch = server();
    render(<ExamGroups title="考试分组" queueExport={queueExport} />, { route: '/' });
    const groups = await screen.findByRole('table', { name: '我的分组' });
    expect(await within(groups).findByRole('row', { name: '高二A组' })).toHaveTextContent('2');
    const members = await openGroup('高二A组');
    expect(await within(members).findByRole('row', { name: '学生1' })).toHaveTextContent('S20001');
    expect(bodiesOf(fetch, '/api/exam/group/member/list')).toEqual([{ groupId: 1, pageNo: 1, pageSize: 30 }]);

    await userEvent.click(screen.getByRole('button', { name: '添加成员' }));
    const picker = await screen.findByRole('dialog', { name: '添加成员 · 高二A组' });
    await userEvent.type(within(picker).getByLabelText('搜索学生'), 'S2000');
    const found = await within(picker).findByRole('table', { name: '查找结果' });
    // Typing is debounced: one search for the whole keyword.
    expect(bodiesOf(fetch, '/api/exam/group/member/user/search')).toEqual([{ keyword: 'S2000', groupId: 1 }]);
    expect(within(found).getByRole('row', { name: '学生1' })).toHaveTextContent('已在分组');
    expect(within(found).getByRole('checkbox', { name: '选择 学生1' })).toBeDisabled();
    await userEvent.click(within(found).getByRole('checkbox', { name: '选择 学生3' }));
    await userEvent.click(within(picker).getByRole('button', { name: '添加' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/exam/group/member/add')).toEqual([{ groupId: 1, studentIds: [3] }]),
    );
    expect(await screen.findByText('已添加 1 名学生')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '添加成员 · 高二A组' })).not.toBeInTheDocument());
  });

  it('整组加入选择, picked members and groups go to the selection; 导出 queues the group in 下载中心', async () => {
    const fetch = server();
    const queued = vi.fn<QueueExport>((call) => call());
    render(<ExamGroups title="考试分组" queueExport={queued} />, { route: '/' });
    const members = await openGroup('高二A组');
    await userEvent.click(screen.getByRole('button', { name: '整组加入选择' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/exam/group/member/select/save/v2')).toEqual([{ groupIds: [1] }]));
    expect(await screen.findByText('已加入选择 2 名学生，共选 3 名')).toBeInTheDocument();

    await userEvent.click(await within(members).findByRole('checkbox', { name: '选择 学生2' }));
    await userEvent.click(screen.getByRole('button', { name: '所选加入选择' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/exam/group/member/select/save')).toEqual([{ studentIds: [2] }]));
    expect(await screen.findByText('已加入选择 1 名学生，共选 3 名')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/exam/group/export')).toEqual([{ groupId: 1 }]));
    expect(queued).toHaveBeenCalledTimes(1);
  });

  it('新建分组: an empty name or a name in use is refused in the form; then the group is created', async () => {
    let calls = 0;
    const fetch = server({
      '/api/exam/group/save': (init) =>
        ++calls === 1
          ? envelope(null, 'A0409', '分组名称已存在', 409)
          : envelope(examGroup(5, { groupName: String(jsonBody(init).groupName), memberCount: 0 })),
    });
    render(<ExamGroups title="考试分组" queueExport={queueExport} />, { route: '/' });
    await userEvent.click(await screen.findByRole('button', { name: '新建分组' }));
    const dialog = await screen.findByRole('dialog', { name: '新建分组' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入分组名称')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('分组名称'), '高二A组');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('分组名称已存在')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('分组名称'));
    await userEvent.type(within(dialog).getByLabelText('分组名称'), '高二C组');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/exam/group/save')).toEqual([{ groupName: '高二A组' }, { groupName: '高二C组' }]),
    );
    expect(await screen.findByText('已创建分组「高二C组」')).toBeInTheDocument();
  });

  it('the selection drawer shows the selected students; 发布考试 opens the form', async () => {
    server();
    render(<ExamGroups title="考试分组" queueExport={queueExport} />, { route: '/' });
    await userEvent.click(await screen.findByRole('button', { name: /^已选学生/ }));
    const drawer = await screen.findByRole('dialog', { name: '已选学生' });
    expect(await within(drawer).findByRole('row', { name: '学生1' })).toHaveTextContent('分组1');
    await userEvent.click(within(drawer).getByRole('button', { name: '发布考试' }));
    const form = await screen.findByRole('dialog', { name: '发布考试' });
    expect(await within(form).findByText(/将发布给已选的/)).toHaveTextContent('将发布给已选的 1 名学生');
  });
});

describe('导入分组', () => {
  const file = () =>
    new File([new Uint8Array([80, 75, 3, 4])], '名单.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });

  async function importFile(name: string, chosen: File) {
    render(<ExamGroups title="考试分组" queueExport={queueExport} />, { route: '/' });
    await userEvent.click(await screen.findByRole('button', { name: '导入分组' }));
    const dialog = await screen.findByRole('dialog', { name: '导入分组' });
    await userEvent.type(within(dialog).getByLabelText('分组名称'), name);
    const input = dialog.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await userEvent.upload(input, chosen);
    await userEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    return dialog;
  }

  it('uploads the workbook, imports it and reports each row not imported with its number and reason', async () => {
    const fetch = server({
      '/api/exam/group/list': envelope([...GROUPS, examGroup(9, { groupName: '导入组', memberCount: 2 })]),
    });
    const dialog = await importFile('导入组', file());
    expect(await within(dialog).findByText('已创建分组「导入组」，导入 2 名学生，2 行未导入')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/resource/getUploadUrl')).toEqual([{ fileName: '名单.xlsx' }]);
    expect(vi.mocked(putBytes).mock.calls[0]?.[0]).toBe('/api/files/upload/f1?sig=s');
    expect(bodiesOf(fetch, '/api/exam/group/import')).toEqual([{ fileId: 'f1', groupName: '导入组' }]);
    const rows = within(within(dialog).getByRole('table', { name: '未导入的行' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '第3行姓名与学号S20002不符',
      '第4行学号S99999不存在或不是本校区的学生',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: '完成' }));
    // The new group is opened.
    expect(await screen.findByRole('heading', { name: '导入组' })).toBeInTheDocument();
  });

  it('a file refused whole says why in the dialog', async () => {
    server({
      '/api/exam/group/import': envelope(null, 'A0400', '第1行需有「学号」和「姓名」两列', 400),
    });
    const dialog = await importFile('导入组', file());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('第1行需有「学号」和「姓名」两列');
  });

  it('takes .xlsx files only, without asking the server', async () => {
    const fetch = server();
    const dialog = await importFile('导入组', new File(['a,b'], '名单.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('请选择 .xlsx 文件')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/resource/getUploadUrl')).toEqual([]);
  });
});
