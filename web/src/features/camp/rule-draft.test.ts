import { describe, expect, it } from 'vitest';
import type { CampInfo } from '@/generated/CampInfo';
import { localDayStart } from '@/lib/format';
import { ruleDraftOf, ruleRequestOf } from './rule-draft';

const info = (fields: Partial<CampInfo> = {}): CampInfo => ({
  campId: 5,
  campName: '营',
  description: '',
  collectionId: null,
  status: 0,
  statusName: '草稿',
  publishRule: 1,
  publishRuleName: '全部开放',
  startTime: null,
  intervalDays: 1,
  publishedAt: null,
  publishedVersion: 0,
  hasEdits: false,
  phaseCount: 0,
  taskCount: 0,
  memberCount: 0,
  createdAt: 0,
  updatedAt: 0,
  ...fields,
});

describe('rule draft', () => {
  it('edits the stored rule, the opening day as a local date', () => {
    expect(ruleDraftOf(info())).toEqual({ rule: 1, startDay: '', intervalDays: 1 });
    const start = localDayStart('2026-09-01')!;
    expect(ruleDraftOf(info({ publishRule: 3, startTime: start, intervalDays: 7 }))).toEqual({
      rule: 3,
      startDay: '2026-09-01',
      intervalDays: 7,
    });
  });

  it('stores the rule; the by-date rule needs its opening day', () => {
    expect(ruleRequestOf(5, { rule: 2, startDay: '', intervalDays: 1 })).toEqual({
      campId: 5,
      publishRule: 2,
      intervalDays: 1,
    });
    expect(ruleRequestOf(5, { rule: 3, startDay: '2026-09-01', intervalDays: 7 })).toEqual({
      campId: 5,
      publishRule: 3,
      startTime: localDayStart('2026-09-01'),
      intervalDays: 7,
    });
    expect(ruleRequestOf(5, { rule: 3, startDay: '', intervalDays: 7 })).toBe('按日期解锁需要开营日期');
    expect(ruleRequestOf(5, { rule: 3, startDay: '2026-09-01', intervalDays: 61 })).toBe('解锁间隔需为1到60天');
    expect(ruleRequestOf(5, { rule: 1, startDay: '', intervalDays: 0 })).toBe('解锁间隔需为1到60天');
  });
});
