import { describe, expect, it } from 'vitest';
import { feedbackActionOf } from './feedback-action';
import {
  attendanceBadge,
  attendanceBadgeByName,
  classTypeName,
  lessonStatusBadge,
  REPORT_STAGES,
  reportStageBadge,
} from './teaching-dict';
import { attendanceRate, examScoreText, scoreText } from './teaching-format';

describe('badges', () => {
  it('colours each report stage, one colour each; no report is 未开始', () => {
    expect(REPORT_STAGES.map((s) => reportStageBadge(s.stage))).toEqual([
      { text: '草稿', color: 'gray' },
      { text: '已确认', color: 'yellow' },
      { text: '已提交', color: 'blue' },
      { text: '已发送', color: 'teal' },
      { text: '家长已读', color: 'green' },
    ]);
    expect(new Set(REPORT_STAGES.map((s) => s.color)).size).toBe(REPORT_STAGES.length);
    expect(reportStageBadge('')).toEqual({ text: '未开始', color: 'orange' });
    // A stage this build does not know shows the server's name.
    expect(reportStageBadge('archived', '已归档')).toEqual({ text: '已归档', color: 'gray' });
  });

  it('colours lesson statuses and attendance', () => {
    expect([0, 1, 2].map((s) => lessonStatusBadge(s))).toEqual([
      { text: '待上课', color: 'blue' },
      { text: '已上课', color: 'green' },
      { text: '已取消', color: 'gray' },
    ]);
    expect(lessonStatusBadge(9, '停课')).toEqual({ text: '停课', color: 'gray' });
    expect(attendanceBadge(0)).toBeNull();
    expect(attendanceBadge(2, '迟到')).toEqual({ text: '迟到', color: 'yellow' });
    expect(attendanceBadgeByName('缺勤')).toEqual(expect.objectContaining({ text: '缺勤', color: 'red' }));
    expect(attendanceBadgeByName('')).toBeNull();
    expect(classTypeName(4)).toBe('直播课');
  });
});

describe('figures', () => {
  it('shows scores and ranks not given as -', () => {
    expect(scoreText(-1)).toBe('-');
    expect(scoreText(3)).toBe('3');
    expect(examScoreText({ score: 138, fullMarks: 150 })).toBe('138/150');
    expect(examScoreText({ score: -1, fullMarks: 150 })).toBe('-');
  });

  it('rates attendance as present or late of the lessons recorded', () => {
    expect(attendanceRate({ present: 10, late: 1, dueLessons: 12 })).toBe('91.7%');
    expect(attendanceRate({ present: 0, late: 0, dueLessons: 0 })).toBe('/');
  });
});

describe('feedback actions', () => {
  it('writes a report not started, edits a written one, and only reads without the right', () => {
    expect(feedbackActionOf(true, 0)).toEqual({ kind: 'write' });
    expect(feedbackActionOf(true, 301)).toEqual({ kind: 'edit', reportId: 301 });
    expect(feedbackActionOf(false, 301)).toEqual({ kind: 'view', reportId: 301 });
    expect(feedbackActionOf(false, 0)).toBeNull();
  });
});
