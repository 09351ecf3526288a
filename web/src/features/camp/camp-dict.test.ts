import { describe, expect, it } from 'vitest';
import {
  CAMP_STATUSES,
  campActions,
  campStatusBadge,
  isEditable,
  isLive,
  progressBadge,
  taskTypeBadge,
  wasPublished,
} from './camp-dict';

const labels = (status: number, members = 0) => campActions(status, members).map((a) => a.label);

describe('what each state allows', () => {
  it('publishes a draft', () => {
    expect(labels(0)).toEqual(['发布']);
  });

  it('withdraws a publication only while no student has joined; pauses and shuts a live camp', () => {
    expect(labels(1)).toEqual(['撤回发布', '暂停', '关闭']);
    expect(labels(1, 3)).toEqual(['暂停', '关闭']);
    expect(labels(2)).toEqual(['发布', '撤销编辑', '撤回发布', '暂停', '关闭']);
    expect(labels(2, 1)).toEqual(['发布', '撤销编辑', '暂停', '关闭']);
  });

  it('resumes or shuts a paused camp; a shut camp takes nothing', () => {
    expect(labels(3)).toEqual(['恢复', '关闭']);
    expect(campActions(3, 2, true).map((a) => a.label)).toEqual(['恢复', '撤销编辑', '关闭']);
    expect(labels(4)).toEqual([]);
    expect(isEditable(4)).toBe(false);
    expect([0, 1, 2, 3].every(isEditable)).toBe(true);
  });

  it('asks a reason only where the students are told it', () => {
    expect(
      campActions(1, 0)
        .filter((a) => a.withReason)
        .map((a) => a.action),
    ).toEqual(['pause', 'shutdown']);
  });

  it('has join links only while live; statistics once published', () => {
    expect([0, 1, 2, 3, 4].map(isLive)).toEqual([false, true, true, false, false]);
    expect([0, 1, 2, 3, 4].map(wasPublished)).toEqual([false, true, true, true, true]);
  });
});

describe('badges', () => {
  it('colours each status once; an unknown one shows the server’s name', () => {
    expect(CAMP_STATUSES.map((s) => campStatusBadge(s.status).text)).toEqual([
      '草稿',
      '已发布',
      '编辑中',
      '已暂停',
      '已关闭',
    ]);
    expect(new Set(CAMP_STATUSES.map((s) => s.color)).size).toBe(CAMP_STATUSES.length);
    expect(campStatusBadge(9, '归档')).toEqual({ text: '归档', color: 'gray' });
    expect([1, 2, 3, 4, 7].map((t) => taskTypeBadge(t).text)).toEqual(['文档', '音视频', '题集', '闪卡', '图片']);
    expect([0, 1, 2].map((s) => progressBadge(s).text)).toEqual(['未开始', '进行中', '已完成']);
  });
});
