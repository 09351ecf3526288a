import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceItem } from '@/generated/ResourceItem';
import { ApiError } from '@/lib/api-client';
import { envelope, jsonBody, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { createUploadManager, type UploadDeps } from '../upload-manager';
import { UploadPage } from './upload-page';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const resource = (id: number, name: string, cls: string, size = 2048): ResourceItem => ({
  id,
  name,
  ext: name.split('.').pop() ?? '',
  class: cls,
  size,
  createTime: new Date(2026, 10, 22, 9, 5).getTime(),
});

function managerWith(patch: Partial<UploadDeps> = {}) {
  let n = 0;
  return createUploadManager({
    transfer: async (item, hooks) => {
      hooks.onProgress(0.5);
      return { fileId: `f${++n}`, fileName: item.fileName, size: item.size, sha256: 'x' };
    },
    save: async (up, item) => resource(100 + n, up.fileName, item.cls, item.size),
    addPhaseTask: async ({ campId = 0, phaseId = 0, taskList }) =>
      taskList.map((t, i) => ({ taskId: 50 + i, campId, phaseId, taskTypeName: '文档', seqNo: i + 1, ...t })),
    updateTaskBizId: async (request) => ({
      ...request,
      campId: 0,
      phaseId: 0,
      taskName: '',
      ext: '',
      taskType: 1,
      taskTypeName: '文档',
      seqNo: 1,
    }),
    notify: () => {},
    ...patch,
  });
}

describe('UploadPage', () => {
  it('uploads picked files, lists them as 已保存 and reads the resources again', async () => {
    let saved: ResourceItem[] = [];
    const fetch = mockFetch([
      ['POST', '/api/resource/list', () => envelope({ records: saved, total: saved.length, pageNo: 1, pageSize: 30 })],
    ]);
    const manager = managerWith({
      save: async (up, item) => {
        const r = resource(saved.length + 1, up.fileName, item.cls, item.size);
        saved = [r, ...saved];
        return r;
      },
    });
    render(<UploadPage kind="files" manager={manager} />);
    expect(screen.getByRole('heading', { name: '上传文件' })).toBeInTheDocument();
    expect(await screen.findByText('暂无资源')).toBeInTheDocument();

    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('选择文件'), [
      new File(['%PDF-1.4'], '第一讲 函数.pdf', { type: 'application/pdf' }),
      new File(['png'], 'cover.png', { type: 'image/png' }),
    ]);

    const success = await screen.findByRole('list', { name: '上传成功' });
    await waitFor(() => expect(within(success).getAllByRole('listitem')).toHaveLength(2));
    for (const name of ['第一讲_函数.pdf', 'cover.png']) {
      const row = within(success).getByRole('listitem', { name });
      expect(within(row).getByText('已保存')).toBeInTheDocument();
      expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    }
    const table = screen.getByRole('table', { name: '我的资源' });
    expect(await within(table).findByRole('row', { name: 'cover.png' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: '第一讲_函数.pdf' })).toBeInTheDocument();
    expect(within(table).getAllByText('文档')).toHaveLength(1);
    expect(fetch.mock.calls.filter(([u]) => u.includes('/api/resource/list')).length).toBeGreaterThanOrEqual(2);
  });

  it('opened for a camp phase, says so and adds each saved file as a task: 已添加到营', async () => {
    mockFetch([['POST', '/api/resource/list', () => envelope({ records: [], total: 0, pageNo: 1, pageSize: 30 })]]);
    const requests: unknown[] = [];
    const manager = managerWith({
      addPhaseTask: async (request) => {
        requests.push(request);
        return request.taskList.map((t) => ({
          taskId: 61,
          campId: 5,
          phaseId: 9,
          taskTypeName: '文档',
          seqNo: 1,
          ...t,
        }));
      },
    });
    render(<UploadPage kind="files" manager={manager} camp={{ campId: 5, phaseId: 9, taskType: 1 }} />);
    expect(screen.getByText('上传的文件将添加到营地 5 的阶段 9')).toBeInTheDocument();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByLabelText('选择文件'),
      new File(['%PDF-1.4'], '第一讲.pdf', { type: 'application/pdf' }),
    );
    const success = await screen.findByRole('list', { name: '上传成功' });
    const row = within(success).getByRole('listitem', { name: '第一讲.pdf' });
    expect(within(row).getByText('已添加到营')).toBeInTheDocument();
    expect(row).toHaveAttribute('data-upload-status', '已添加到营');
    expect(requests).toEqual([
      { campId: 5, phaseId: 9, taskList: [{ bizId: 'f1', taskName: '第一讲', ext: 'pdf', taskType: 1 }] },
    ]);
  });

  it('refuses a type the page does not take, with the accepted list', async () => {
    mockFetch([['POST', '/api/resource/list', () => envelope({ records: [], total: 0, pageNo: 1, pageSize: 30 })]]);
    const messages: string[] = [];
    const manager = managerWith({ notify: (m) => messages.push(m) });
    render(<UploadPage kind="files" manager={manager} />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('选择文件'), new File(['MZ'], 'setup.exe'));
    await waitFor(() => expect(messages).toHaveLength(1));
    expect(messages[0]).toBe(
      'setup.exe：不支持的文件类型，仅支持 ppt、pptx、pdf、xls、xlsx、doc、docx、jpg、png、jpeg、bmp',
    );
    expect(screen.queryByRole('list', { name: '上传列表' })).not.toBeInTheDocument();
    expect(manager.store.get().waiting).toHaveLength(0);
  });

  it('shows a failure with its message and retries it', async () => {
    mockFetch([['POST', '/api/resource/list', () => envelope({ records: [], total: 0, pageNo: 1, pageSize: 30 })]]);
    let fail = true;
    const manager = managerWith({
      transfer: async (item) => {
        if (fail) throw new ApiError('A0400', '分片校验失败，请重新上传该分片', 400);
        return { fileId: 'f', fileName: item.fileName, size: item.size, sha256: 'x' };
      },
    });
    render(<UploadPage kind="media" manager={manager} />);
    expect(screen.getByRole('heading', { name: '上传音视频' })).toBeInTheDocument();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('选择文件'), new File(['x'], 'lesson.mp4', { type: 'video/mp4' }));
    const errors = await screen.findByRole('list', { name: '上传失败' });
    const row = within(errors).getByRole('listitem', { name: 'lesson.mp4' });
    expect(within(row).getByText('文件上传失败，请重试')).toBeInTheDocument();
    expect(within(row).getByText('分片校验失败，请重新上传该分片')).toBeInTheDocument();
    fail = false;
    await user.click(within(row).getByRole('button', { name: '重试 lesson.mp4' }));
    const success = await screen.findByRole('list', { name: '上传成功' });
    expect(within(success).getByRole('listitem', { name: 'lesson.mp4' })).toHaveTextContent('已保存');
    expect(screen.queryByRole('list', { name: '上传失败' })).not.toBeInTheDocument();
  });

  it('downloads a resource through a signed URL', async () => {
    const fetch = mockFetch([
      [
        'POST',
        '/api/resource/list',
        () => envelope({ records: [resource(5, '讲义.pdf', 'document')], total: 1, pageNo: 1, pageSize: 30 }),
      ],
      [
        'POST',
        '/api/resource/getDownloadUrl',
        () => envelope({ url: '/api/files/download/5?expires=1&sig=s', expireTime: 1 }),
      ],
    ]);
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    render(<UploadPage kind="files" manager={managerWith()} />);
    const row = await screen.findByRole('row', { name: '讲义.pdf' });
    expect(within(row).getByText('2KB')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-22 09:05')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: '下载 讲义.pdf' }));
    await waitFor(() =>
      expect(clicked).toEqual([{ href: '/api/files/download/5?expires=1&sig=s', download: '讲义.pdf' }]),
    );
    const call = fetch.mock.calls.find(([u]) => u.includes('getDownloadUrl'));
    expect(jsonBody(call?.[1])).toEqual({ id: 5 });
  });
});
