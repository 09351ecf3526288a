import { describe, expect, it } from 'vitest';
import { qcGroupRow, rule } from './test-helpers';
import { courseRangeFacts, precheckFacts, samplingFacts, teamWarnings } from './workflow';

const OPTIONS = {
  productTypes: [{ value: 'ZJK', label: '正价课' }],
  grades: [
    { value: '10', label: '高一' },
    { value: '11', label: '高二' },
  ],
};

describe('precheckFacts', () => {
  it("says what the rule's pre-check flags, and 不检查 for a zero bound", () => {
    expect(
      precheckFacts(rule({ minContentChars: 0, duplicateWindowHours: 12, workingHourFrom: 7, workingHourTo: 23 })),
    ).toEqual([
      { label: '内容字数', value: '不检查' },
      { label: '重复打卡', value: '同一学员同一服务12小时内再次打卡时标记' },
      { label: '打卡时段', value: '07:00–23:00（北京时间）以外的打卡标记' },
    ]);
  });
});

describe('samplingFacts', () => {
  it('gives the share checked and whether an unqualified result needs a comment', () => {
    expect(samplingFacts(rule({ sampleRatePercent: 5, commentRequiredWhenUnqualified: false }))).toEqual([
      { label: '抽检比例', value: '5%（质检统计中的质检率目标）' },
      { label: '不合格评语', value: '可不填写' },
    ]);
  });
});

describe('courseRangeFacts', () => {
  it('names the chosen options, a code without a name as it is, and empty lists as all', () => {
    const range = { productTypes: ['ZJK', 'XYZ'], classTypes: [], gradeCodes: [11], updatedAt: 0, updatedBy: '' };
    expect(courseRangeFacts(range, OPTIONS)).toEqual([
      { label: '产品类型', value: '正价课、XYZ' },
      { label: '课程类型', value: '全部课程类型' },
      { label: '年级', value: '高二' },
    ]);
  });
});

describe('teamWarnings', () => {
  it('warns of a school without a QC team and of a team without an inspector', () => {
    expect(teamWarnings([], false)).toEqual(['该学校尚未配置质检组，打卡记录无人负责质检']);
    expect(teamWarnings([], true)).toEqual(['尚未配置任何质检组，打卡记录无人负责质检']);
    expect(teamWarnings([qcGroupRow(1), qcGroupRow(2, { name: '二组', responsibleList: [] })], false)).toEqual([
      '质检组“二组”没有质检负责人',
    ]);
  });
});
