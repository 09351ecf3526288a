import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AiPaperTask } from '@/generated/AiPaperTask';
import type { Page } from '@/generated/Page';
import { createTestQueryClient, envelope, mockFetch } from '@/testing/test-utils';
import { pushContent } from '@/testing/fake-socket';
import { page, paperTask } from '../test-helpers';
import { aiKeys } from './ai-keys';
import { paperFileProblem, paperTaskChanged, paperTaskOf, paperTaskQueryOptions, uploadPaperFile } from './paper-tasks';

afterEach(() => vi.unstubAllGlobals());

const pushed = (value: unknown) => ({
  id: '1',
  typeCode: 'magic_ai_paper_task',
  content: pushContent({ value: value as never }),
});

describe('AI paper tasks', () => {
  it('reads an AiPaperTask from a push, and nothing else', () => {
    const task = paperTask(3, { status: 2, progress: 40 });
    expect(paperTaskOf(pushed(task))).toEqual(task);
    // Missing fields are filled, unknown ones ignored.
    expect(paperTaskOf(pushed({ taskId: 3, status: 1, extra: true }))).toMatchObject({
      taskId: 3,
      status: 1,
      progress: 0,
      title: '',
      knowledgeIds: [],
    });
    expect(paperTaskOf(pushed({ taskId: '3', status: 1 }))).toBeNull();
    expect(paperTaskOf(pushed(null))).toBeNull();
    expect(paperTaskOf(pushed([1]))).toBeNull();
  });

  it('puts a task as it now stands into the open task and the lists; an older copy changes nothing', () => {
    const client = createTestQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const waiting = paperTask(3, { status: 1, updateTime: 100 });
    client.setQueryData(aiKeys.paperTask(3), waiting);
    const listKey = aiKeys.paperTasks({ pageNo: 1, pageSize: 10 });
    client.setQueryData(listKey, page([paperTask(4), waiting], 1, 2, 10));

    // Progress: the same status, no questions to read yet.
    paperTaskChanged(client, { ...waiting, status: 2, progress: 40, updateTime: 200 });
    expect(client.getQueryData<AiPaperTask>(aiKeys.paperTask(3))?.progress).toBe(40);
    expect(client.getQueryData<Page<AiPaperTask>>(listKey)?.records[1]?.progress).toBe(40);
    invalidate.mockClear();
    paperTaskChanged(client, { ...waiting, status: 2, progress: 80, updateTime: 300 });
    expect(invalidate).not.toHaveBeenCalled();

    // Recognised: its questions and relations are read again.
    paperTaskChanged(client, { ...waiting, status: 3, progress: 100, questionCount: 2, updateTime: 400 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: aiKeys.taskQuestions(3) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: aiKeys.taskRelations(3) });

    // An older copy (a call's answer overtaken by a push) does not go back.
    paperTaskChanged(client, { ...waiting, status: 2, progress: 90, updateTime: 350 });
    expect(client.getQueryData<AiPaperTask>(aiKeys.paperTask(3))?.status).toBe(3);
  });

  it('a read that was under way when a push came does not undo the push', async () => {
    const client = createTestQueryClient();
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const reading = client.query(paperTaskQueryOptions(3));
    // The job ran while the details were being read: its end is pushed first…
    paperTaskChanged(client, paperTask(3, { status: 3, questionCount: 2, updateTime: 500 }));
    // …then the read answers with the task as it was when it was read.
    answer(envelope(paperTask(3, { status: 1, updateTime: 400 })));
    expect((await reading).status).toBe(3);
    expect(client.getQueryData<AiPaperTask>(aiKeys.paperTask(3))?.status).toBe(3);
    // Within one millisecond the further status wins; a newer read still replaces.
    paperTaskChanged(client, paperTask(3, { status: 3, updateTime: 600 }));
    const details = (task: AiPaperTask) => mockFetch([['POST', '/api/ai/paper/task/details', () => envelope(task)]]);
    vi.stubGlobal('fetch', details(paperTask(3, { status: 2, updateTime: 600 })));
    expect((await client.query({ ...paperTaskQueryOptions(3), staleTime: 0 })).status).toBe(3);
    vi.stubGlobal('fetch', details(paperTask(3, { status: 0, updateTime: 700 })));
    expect((await client.query({ ...paperTaskQueryOptions(3), staleTime: 0 })).status).toBe(0);
  });

  it('checks a paper file before it is uploaded', () => {
    expect(paperFileProblem({ name: '期中.PDF', size: 1000 })).toBe('');
    expect(paperFileProblem({ name: 'scan.jpeg', size: 20 * 1024 * 1024 })).toBe('');
    expect(paperFileProblem({ name: 'scan.gif', size: 10 })).toMatch(/只能识别/);
    expect(paperFileProblem({ name: 'noext', size: 10 })).toMatch(/只能识别/);
    expect(paperFileProblem({ name: 'big.png', size: 20 * 1024 * 1024 + 1 })).toBe('试卷文件不能超过20MB');
    expect(paperFileProblem({ name: 'empty.png', size: 0 })).toBe('文件是空的');
  });

  it('uploads a paper’s bytes in one request and answers the file id; a refusal rejects with its message', async () => {
    const fetch = mockFetch([
      [
        'POST',
        '/api/cos/upload',
        (url) =>
          url.searchParams.get('fileName') === 'bad.png'
            ? envelope(null, 'A0400', '文件类型不支持', 400)
            : envelope({ fileId: 'f-1', fileName: url.searchParams.get('fileName'), size: 3, sha256: 'x' }),
      ],
    ]);
    const file = new File(['abc'], '期中 试卷.png', { type: 'image/png' });
    await expect(uploadPaperFile(file)).resolves.toMatchObject({ fileId: 'f-1', fileName: '期中 试卷.png' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/api/cos/upload?fileName=${encodeURIComponent('期中 试卷.png').replace(/%20/g, '+')}`);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(file);
    await expect(uploadPaperFile(new File(['x'], 'bad.png'))).rejects.toMatchObject({
      code: 'A0400',
      message: '文件类型不支持',
    });
  });
});
