import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import { importFileProblem } from '../../import-kinds';
import { ImportFilePage } from './import-file-page';

const ADMIN = userInfo({ roleList: [{ code: 'admin', name: '管理员', current: true, icon: '' }] });

beforeEach(() => {
  notifications.clean();
  sessionStore.set((s) => ({ ...s, user: ADMIN }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null }));
});

const csv = (name = '出勤.csv', text = 'class_code,lesson_no,student_code,status\nC1,1,S1,1\n') =>
  new File([text], name, { type: 'text/csv' });

function fileInput(): HTMLInputElement {
  const input = document.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
}

describe('import files', () => {
  it('are checked before they are sent', () => {
    expect(importFileProblem(null)).toBe('请选择要导入的 CSV 文件');
    expect(importFileProblem({ name: 'a.xlsx', size: 10 })).toBe('请选择 .csv 文件');
    expect(importFileProblem({ name: 'a.csv', size: 0 })).toBe('文件是空的');
    expect(importFileProblem({ name: 'a.CSV', size: 33 * 1024 * 1024 })).toBe('文件不能超过 32 MB');
    expect(importFileProblem({ name: 'a.csv', size: 10 })).toBeNull();
  });
});

describe('导入文件', () => {
  it('imports a CSV of the chosen kind and lists the refused lines', async () => {
    const fetch = mockFetch([
      [
        'POST',
        '/api/admin/records/import/attendance',
        () =>
          envelope({
            kind: 'attendance',
            total: 3,
            stored: 2,
            errors: [{ line: 3, reason: '学生不存在：S9' }],
          }),
      ],
    ]);
    render(<ImportFilePage title="导入文件" />);
    await userEvent.click(screen.getByRole('button', { name: '开始导入' }));
    expect(screen.getByText('请选择要导入的 CSV 文件')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: '出勤' }));
    const format = screen.getByRole('region', { name: '文件格式' });
    expect(within(format).getByText('student_code')).toBeInTheDocument();
    expect(within(format).getByText('clock_in')).toBeInTheDocument();

    const file = csv();
    await userEvent.upload(fileInput(), file);
    await userEvent.click(screen.getByRole('button', { name: '开始导入' }));
    expect(await screen.findByRole('status')).toHaveTextContent('共读取 3 行，已保存 2 行，1 行未导入');
    const refused = screen.getByRole('table', { name: '未导入的行' });
    expect(within(refused).getByRole('row', { name: '第3行' })).toHaveTextContent('学生不存在：S9');

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/records/import/attendance');
    expect(init?.body).toBe(file);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('text/csv');
  });

  it('shows why the server refused the whole file', async () => {
    mockFetch([
      ['POST', '/api/admin/records/import/lessons', () => envelope(null, 'A0400', '第1行缺少必填列：minutes', 400)],
    ]);
    render(<ImportFilePage title="导入文件" />);
    await userEvent.upload(fileInput(), csv('课次.csv', 'class_code,lesson_no,start\n'));
    await userEvent.click(screen.getByRole('button', { name: '开始导入' }));
    expect(await screen.findByText('第1行缺少必填列：minutes')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('refuses a file that is not a CSV without sending it', async () => {
    const fetch = mockFetch([]);
    render(<ImportFilePage title="导入文件" />);
    await userEvent.upload(fileInput(), new File(['x'], '名单.xlsx'), { applyAccept: false });
    await userEvent.click(screen.getByRole('button', { name: '开始导入' }));
    expect(screen.getByText('请选择 .csv 文件')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('tells a teacher that only administrators import', () => {
    sessionStore.set((s) => ({ ...s, user: userInfo() }));
    mockFetch([]);
    render(<ImportFilePage title="导入文件" />);
    expect(screen.getByText('只有管理员可以导入数据；如需导入，请联系管理员。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '开始导入' })).toBeDisabled();
  });
});
