import { describe, expect, it } from 'vitest';
import { prepSummaryItems, usageSummaryItems } from './activity-figures';
import { prepSummary, usageSummary } from './test-helpers';

describe('activity summary cards', () => {
  it('show the lesson-preparation totals with separators and rates in percent', () => {
    expect(prepSummaryItems({ ...prepSummary, isRecycleRate: -1 }).map((i) => `${i.label} ${i.value}`)).toEqual([
      '老师数 12',
      '课节数 1,234',
      '绑定资源课节数 617',
      '绑定资源课节占比 50.00%',
      '回收课节数 300',
      '回收课节占比 /',
      '回收份数 2,048',
      '发送反馈报告数 900',
      '发布资源数 1,500',
      '回收资源数 400',
    ]);
  });

  it('show the usage totals with the valid rate to one decimal, a trailing .0 dropped', () => {
    expect(usageSummaryItems({ ...usageSummary, totalPlatformUsageValidRate: 0.25 }).map((i) => i.value)).toEqual([
      '40',
      '27',
      '25%',
      '1,520',
      '800',
      '310',
      '1,300',
      '520',
    ]);
    expect(usageSummaryItems(usageSummary)[2]).toEqual({ label: '达标率', value: '71.3%' });
  });

  it('show - until read', () => {
    expect(prepSummaryItems(undefined).every((i) => i.value === '-')).toBe(true);
    expect(usageSummaryItems(undefined).every((i) => i.value === '-')).toBe(true);
  });
});
