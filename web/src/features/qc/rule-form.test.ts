import { describe, expect, it } from 'vitest';
import type { QcRuleSettings } from '@/generated/QcRuleSettings';
import { ruleErrors, toRuleSave } from './rule-form';

const settings: QcRuleSettings = {
  minContentChars: 20,
  duplicateWindowHours: 12,
  workingHourFrom: 7,
  workingHourTo: 23,
  sampleRatePercent: 20,
  commentRequiredWhenUnqualified: true,
};

describe('rule form', () => {
  it('takes the defaults', () => {
    expect(ruleErrors(settings)).toEqual({});
  });

  it('keeps every bound within its range, in whole numbers', () => {
    expect(
      ruleErrors({
        ...settings,
        minContentChars: 2001,
        duplicateWindowHours: -1,
        workingHourFrom: 25,
        sampleRatePercent: 12.5,
      }),
    ).toEqual({
      minContentChars: '请输入 0–2000 的整数',
      duplicateWindowHours: '请输入 0–720 的整数',
      workingHourFrom: '请输入 0–24 的整数',
      sampleRatePercent: '请输入 0–100 的整数',
    });
  });

  it('needs the working hours to end after they start', () => {
    expect(ruleErrors({ ...settings, workingHourFrom: 9, workingHourTo: 9 })).toEqual({
      workingHourTo: '结束时间须晚于开始时间',
    });
  });

  it("saves the group's rule as school -1", () => {
    expect(toRuleSave(-1, settings)).toEqual({ schoolId: -1, ...settings });
  });
});
