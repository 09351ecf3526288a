import { describe, expect, it } from 'vitest';
import { pushContent } from '@/testing/fake-socket';
import { progressPush, push, task } from './components/test-helpers';
import { applyPushToTasks, isGenerated, isProgressReport, keepNewerTasks, parseDownloadPush } from './download-push';

describe('magic_001 pushes', () => {
  it('reads a magic_001 content and ignores one without a task id or queue figures', () => {
    expect(parseDownloadPush(push(7, 2, 1, 0))).toEqual({
      id: 7,
      fileStatus: 2,
      value: { fileName: '通知列表7.xlsx', queueCount: 1, doneCount: 0, error: '' },
    });
    expect(
      parseDownloadPush(pushContent({ id: 8, fileStatus: null, value: { queueCount: 0, doneCount: 1 } }))?.fileStatus,
    ).toBeNull();
    expect(parseDownloadPush(pushContent({ fileStatus: 3, value: { queueCount: 0, doneCount: 1 } }))).toBeNull();
    expect(parseDownloadPush(pushContent({ id: 8, fileStatus: 3, value: { fileName: 'a.xlsx' } }))).toBeNull();
    expect(parseDownloadPush(pushContent({ id: 8, fileStatus: 3, value: 'a.xlsx' }))).toBeNull();
    expect(parseDownloadPush(null)).toBeNull();
  });

  it('tells a progress report from a status change', () => {
    expect(parseDownloadPush(progressPush(7, 40))).toEqual({
      id: 7,
      fileStatus: 2,
      value: { progress: 40, queueCount: 1, doneCount: 0 },
    });
    expect(isProgressReport(parseDownloadPush(progressPush(7, 40))!)).toBe(true);
    expect(isProgressReport(parseDownloadPush(push(7, 2, 1, 0))!)).toBe(false);
  });

  it('updates a known task in place and gives it its file path once ready', () => {
    const tasks = [task(1, 2), task(2, 4)];
    const { tasks: next, found } = applyPushToTasks(
      tasks,
      parseDownloadPush(push(1, 3, 0, 1, '', { fileSize: 4096 }))!,
    );
    expect(found).toBe(true);
    expect(next[0]).toMatchObject({ id: 1, fileStatus: 3, fileSize: 4096, filePath: '/api/download/file/1' });
    expect(next[1]).toBe(tasks[1]);
    expect(tasks[0]!.fileStatus).toBe(2);
  });

  it('keeps a newer state of a task than a late push brings', () => {
    const ready = task(1, 3, { filePathVersion: 200 });
    const late = push(1, 2, 1, 0, '', { filePathVersion: 150 });
    const { tasks, found } = applyPushToTasks([ready], parseDownloadPush(late)!);
    expect(found).toBe(true);
    expect(tasks[0]).toMatchObject({ fileStatus: 3, filePathVersion: 200 });
    const newer = push(1, 4, 0, 0, '', { filePathVersion: 250 });
    expect(applyPushToTasks([ready], parseDownloadPush(newer)!).tasks[0]).toMatchObject({
      fileStatus: 4,
      filePathVersion: 250,
    });
  });

  it('keeps a newer state of a task than a late list read brings', () => {
    const pushed = task(1, 3, { filePathVersion: 200 });
    const read = [task(1, 2, { filePathVersion: 150 }), task(2, 4)];
    expect(keepNewerTasks(read, [pushed])).toEqual([pushed, read[1]]);
    expect(keepNewerTasks([task(1, 4, { filePathVersion: 300 })], [pushed])[0]!.fileStatus).toBe(4);
  });

  it('removes a deleted task', () => {
    const { tasks, found } = applyPushToTasks([task(1, 3), task(2, 4)], parseDownloadPush(push(1, null))!);
    expect(found).toBe(true);
    expect(tasks.map((t) => t.id)).toEqual([2]);
  });

  it('tells a task turning ready from one that already was', () => {
    const ready = parseDownloadPush(push(1, 3))!;
    expect(isGenerated(2, ready)).toBe(true);
    expect(isGenerated(undefined, ready)).toBe(true);
    expect(isGenerated(3, ready)).toBe(false);
    expect(isGenerated(4, ready)).toBe(false);
    expect(isGenerated(2, parseDownloadPush(push(1, 4))!)).toBe(false);
  });
});
