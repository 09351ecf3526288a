import { describe, expect, it } from 'vitest';
import {
  campShown,
  classOptions,
  codeOf,
  dayPoints,
  formatCampRate,
  formatDoneOf,
  formatScore,
  idParam,
  overviewItems,
  questionPoints,
  statsCamps,
  taskGroups,
  taskShown,
  taskSummaryItems,
  tasksByPhase,
} from './stats-format';
import { campStatsPath, PAPER_STATISTICS, TASK_RESOURCE_STATISTICS, TRAINING_STATISTICS } from './stats-paths';
import { camps, classStats, overview, phases, quizSummary } from './test-helpers';

describe('formats (03 §5)', () => {
  it('shows a rate as a percentage with one decimal, a trailing .0 dropped, and nothing as -', () => {
    expect(formatCampRate(0.5416666)).toBe('54.2%');
    expect(formatCampRate(1)).toBe('100%');
    expect(formatCampRate(0.5)).toBe('50%');
    expect(formatCampRate(0)).toBe('0%');
    expect(formatCampRate(0.0004)).toBe('0%');
    expect(formatCampRate(2 / 3)).toBe('66.7%');
    expect(formatCampRate(null)).toBe('-');
    expect(formatCampRate(undefined)).toBe('-');
  });

  it('shows a percent score with one decimal, a trailing .0 dropped', () => {
    expect(formatScore(66.8)).toBe('66.8分');
    expect(formatScore(67)).toBe('67分');
    expect(formatScore(0)).toBe('0分');
    expect(formatScore(null)).toBe('-');
    expect(formatDoneOf(4, 6)).toBe('4/6');
    expect(formatDoneOf(1200, 1500)).toBe('1,200/1,500');
  });
});

describe('the overview and the charts', () => {
  it('lists the overview cards, every one - before the answer', () => {
    expect(overviewItems(overview(), 5)).toEqual([
      { label: '学员数', value: '12' },
      { label: '已开始学员', value: '10' },
      { label: '全部完成学员', value: '3' },
      { label: '近5天未学习', value: '4' },
      { label: '任务数', value: '3' },
      { label: '完成任务次数', value: '20' },
      { label: '完成率', value: '55.6%' },
      { label: '题集平均分', value: '66.8分' },
    ]);
    expect(overviewItems(undefined).every((i) => i.value === '-')).toBe(true);
    expect(overviewItems(overview({ averageScore: null })).at(-1)).toEqual({ label: '题集平均分', value: '-' });
  });

  it('gives a question set an average card, other tasks none', () => {
    expect(taskSummaryItems(quizSummary).map((i) => `${i.label} ${i.value}`)).toEqual([
      '学员数 12',
      '已完成 9',
      '未完成 3',
      '完成率 75%',
      '平均分 67分',
    ]);
    expect(taskSummaryItems({ ...quizSummary, taskType: 4 }).map((i) => i.label)).not.toContain('平均分');
  });

  it('draws days as MM-DD and correct rates in percent with one decimal', () => {
    expect(dayPoints(overview().days)).toEqual([
      { day: '11-23', doneCount: 5, activeMembers: 4 },
      { day: '11-24', doneCount: 15, activeMembers: 9 },
    ]);
    expect(questionPoints(quizSummary.questions)).toEqual([
      { question: '第1题', correctRate: 66.7 },
      { question: '第2题', correctRate: 100 },
    ]);
  });
});

describe('pickers', () => {
  it('offers the camps with statistics (no drafts); shows the one asked for, else the first', () => {
    expect(statsCamps(camps).map((c) => c.campId)).toEqual([1, 3]);
    expect(campShown(camps, null)?.campId).toBe(1);
    expect(campShown(camps, 3)?.campId).toBe(3);
    // A draft, or a camp that is not the caller's, is none.
    expect(campShown(camps, 2)).toBeNull();
    expect(campShown(camps, 99)).toBeNull();
    expect(campShown([], null)).toBeNull();
  });

  it('groups the tasks by phase; only question sets when told; shows the task asked for, else the first', () => {
    expect(taskGroups(phases)).toEqual([
      {
        group: '第一周',
        items: [
          { value: '101', label: '概念闪卡' },
          { value: '102', label: '概念小测' },
        ],
      },
      { group: '第二周', items: [{ value: '103', label: '运算闪卡' }] },
    ]);
    expect(taskGroups(phases, true)).toEqual([{ group: '第一周', items: [{ value: '102', label: '概念小测' }] }]);
    expect(taskShown(phases, null)?.taskId).toBe(101);
    expect(taskShown(phases, 103)?.taskId).toBe(103);
    expect(taskShown(phases, null, true)?.taskId).toBe(102);
    expect(taskShown(phases, 101, true)).toBeNull();
    expect(taskShown(phases, 999)).toBeNull();
    expect(
      tasksByPhase(phases)
        .get(12)
        ?.map((t) => t.taskName),
    ).toEqual(['运算闪卡']);
    expect(classOptions(classStats)).toEqual([
      { value: '4', label: '高二（3）班数学' },
      { value: '0', label: '通用二维码' },
    ]);
  });

  it('reads ids and codes from the URL and the selects', () => {
    expect(idParam('12')).toBe(12);
    expect(idParam(null)).toBeNull();
    expect(idParam('0')).toBeNull();
    expect(idParam('-3')).toBeNull();
    expect(idParam('1e3')).toBeNull();
    expect(idParam('abc')).toBeNull();
    expect(codeOf(null)).toBeUndefined();
    expect(codeOf('0')).toBe(0);
    expect(codeOf('2')).toBe(2);
  });

  it('links the pages with the camp and the task', () => {
    expect(campStatsPath(TRAINING_STATISTICS, 1)).toBe('/knowledgeRepository/training/trainingStatistics?campId=1');
    expect(campStatsPath(TASK_RESOURCE_STATISTICS, 1, 102)).toBe(
      '/knowledgeRepository/training/taskResourceStatistics?campId=1&taskId=102',
    );
    expect(campStatsPath(PAPER_STATISTICS, null)).toBe('/knowledgeRepository/training/paperStatistics');
  });
});
