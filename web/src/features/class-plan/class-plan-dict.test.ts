// The hand-copied table and limits against the protocol crate's source, so that neither side
// drifts alone; and the plans' rules that need no server.

import { describe, expect, it } from 'vitest';
import {
  MAX_PLAN_GOAL_CHARS,
  MAX_PLAN_ITEM_POINTS,
  MAX_PLAN_ITEMS,
  MAX_PLAN_NOTE_CHARS,
  MAX_PLAN_TITLE_CHARS,
  PLAN_CONFIRMED,
  PLAN_DRAFT,
  PLAN_NONE,
  PLAN_STATUSES,
  planStatusBadge,
  rateText,
  stageOfGrade,
} from './class-plan-dict';
import { OTHER_POINTS, pointGroups } from './knowledge-options';
import {
  attendedLessons,
  contentKey,
  fillToLessons,
  itemValue,
  maxItems,
  planProblem,
  planValuesOf,
  saveBodyOf,
} from './plan-form';
import { ATLAS, draftPlan, LESSONS, planOf } from './test-helpers';

const sources = import.meta.glob<string>('../../../../protocol/src/dto/class_plan.rs', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function source(): string {
  const text = Object.values(sources)[0];
  if (text === undefined) throw new Error('protocol/src/dto/class_plan.rs not found');
  return text;
}

/** The number of the Rust constant `name` of dto::class_plan. */
function rustConst(name: string): number {
  return Number(new RegExp(`pub const ${name}: \\w+ = (\\d+);`).exec(source())?.[1]);
}

/** The pairs of the Rust table `name`, its codes written as constants resolved. */
function rustTable(name: string): string {
  const body = new RegExp(`pub const ${name}: [^=]+= \\[([^\\]]*)\\]`).exec(source())?.[1] ?? '';
  return body.replace(/\(([A-Z_]+),/g, (_, constant: string) => `(${rustConst(constant)},`);
}

describe('the course plans’ table and limits', () => {
  it('match dto::class_plan', () => {
    expect(PLAN_STATUSES.map((s) => `(${s.value}, "${s.label}")`).join(', ')).toBe(rustTable('PLAN_STATUSES'));
    expect([PLAN_NONE, PLAN_DRAFT, PLAN_CONFIRMED]).toEqual([
      rustConst('PLAN_NONE'),
      rustConst('PLAN_DRAFT'),
      rustConst('PLAN_CONFIRMED'),
    ]);
    expect(MAX_PLAN_GOAL_CHARS).toBe(rustConst('MAX_PLAN_GOAL_CHARS'));
    expect(MAX_PLAN_TITLE_CHARS).toBe(rustConst('MAX_PLAN_TITLE_CHARS'));
    expect(MAX_PLAN_NOTE_CHARS).toBe(rustConst('MAX_PLAN_NOTE_CHARS'));
    expect(MAX_PLAN_ITEM_POINTS).toBe(rustConst('MAX_PLAN_ITEM_POINTS'));
    expect(MAX_PLAN_ITEMS).toBe(rustConst('MAX_PLAN_ITEMS'));
  });

  it('shows a status by its name, a new one by the server’s', () => {
    expect(planStatusBadge(PLAN_CONFIRMED)).toEqual({ text: '已确认', color: 'green' });
    expect(planStatusBadge(7, '归档')).toEqual({ text: '归档', color: 'gray' });
    expect(rateText(66.7)).toBe('66.7%');
    expect(rateText(100)).toBe('100%');
    expect(rateText(-1)).toBe('/');
  });
});

describe('the course plans’ rules', () => {
  it('reads the atlas of junior high for 初… grades, of senior high otherwise', () => {
    expect(stageOfGrade('初二')).toBe(3);
    expect(stageOfGrade('高一')).toBe(4);
    expect(stageOfGrade('')).toBe(4);
  });

  it('sends the whole plan trimmed, with the time it was read', () => {
    const values = planValuesOf(planOf(draftPlan()));
    values.goal = ' 目标 ';
    values.items[0]!.title = ' 函数 ';
    values.items[1]!.note = '  ';
    expect(saveBodyOf(23, values, 99)).toEqual({
      packageId: 23,
      goal: '目标',
      items: [
        { title: '函数', pointIds: [111], note: '' },
        { title: '函数的单调性', pointIds: [112], note: '' },
        { title: '导数的概念', pointIds: [121], note: '' },
        { title: '导数的运算', pointIds: [122, 121], note: '' },
      ],
      updatedAt: 99,
    });
    // Spaces around a text are no change.
    const read = planValuesOf(planOf(draftPlan()));
    const spaced = { ...read, goal: `${read.goal}  ` };
    expect(contentKey(spaced)).toBe(contentKey(read));
  });

  it('makes the items up to the package’s lessons, at most MAX_PLAN_ITEMS', () => {
    const items = [itemValue({ title: '函数' })];
    const filled = fillToLessons(items, 4);
    expect(filled.map((i) => i.title)).toEqual(['函数', '', '', '']);
    expect(new Set(filled.map((i) => i.uid)).size).toBe(4);
    expect(fillToLessons(filled, 2)).toHaveLength(4);
    expect(maxItems(260)).toBe(MAX_PLAN_ITEMS);
  });

  it('says why a plan cannot be saved', () => {
    expect(planProblem({ goal: '', items: [itemValue({ title: 'a' }), itemValue()] }, 6)).toBe(
      '第 2 次课的课程内容不能为空',
    );
    expect(planProblem({ goal: '', items: [itemValue({ title: 'a' }), itemValue({ title: 'b' })] }, 1)).toBe(
      '该课时包共 1 次课，计划不能超过课次数',
    );
    expect(planProblem({ goal: '', items: [] }, 1)).toBeNull();
  });

  it('takes the attended lessons, present or late, in order', () => {
    expect(attendedLessons(LESSONS).map((l) => l.lessonId)).toEqual([501, 503, 504]);
  });

  it('lists the atlas by chapter, and the points it no longer has', () => {
    expect(pointGroups(ATLAS)).toEqual([
      {
        group: '函数',
        items: [
          { value: '111', label: '函数的概念与表示' },
          { value: '112', label: '函数的单调性与最值' },
        ],
      },
      {
        group: '导数及其应用',
        items: [
          { value: '121', label: '导数的概念' },
          { value: '122', label: '导数的运算' },
        ],
      },
    ]);
    const groups = pointGroups(ATLAS, [
      { nodeId: 111, name: '函数的概念与表示' },
      { nodeId: 900, name: '旧知识点' },
      { nodeId: 900, name: '旧知识点' },
    ]);
    expect(groups.at(-1)).toEqual({ group: OTHER_POINTS, items: [{ value: '900', label: '旧知识点' }] });
  });
});
