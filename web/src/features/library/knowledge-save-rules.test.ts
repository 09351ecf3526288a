import { describe, expect, it } from 'vitest';
import { pushContent } from '@/testing/fake-socket';
import { messageTop, parseSaveToKnwPush, recordsToAnnounce, resultText } from './knowledge-save-rules';
import { saveRecord } from './test-helpers';

describe('save-to-knowledge rules', () => {
  it('words success and failure', () => {
    expect(resultText(saveRecord(1, 2, { paperTitle: '导数及其应用' }))).toBe('《导数及其应用》已保存到知识库');
    expect(resultText(saveRecord(2, 3, { paperTitle: '导数及其应用', errorMsg: '空间不足' }))).toBe(
      '《导数及其应用》保存失败：空间不足',
    );
  });

  it('stacks messages 60 px apart from 80 px', () => {
    expect([0, 1, 2].map(messageTop)).toEqual([80, 140, 200]);
  });

  it('reads a magic_002 push, falling back to its id and fileStatus', () => {
    const record = saveRecord(9, 2, { resourceId: 44 });
    expect(parseSaveToKnwPush(pushContent({ id: 9, fileStatus: 2, value: { ...record } }))).toEqual(record);
    expect(
      parseSaveToKnwPush(pushContent({ id: 5, fileStatus: 3, value: { paperTitle: 'x', errorMsg: 'e' } })),
    ).toMatchObject({
      copyRecordId: 5,
      copyStatus: 3,
      paperTitle: 'x',
      errorMsg: 'e',
      userView: 0,
    });
    expect(parseSaveToKnwPush(pushContent({ value: null }))).toBeNull();
    expect(parseSaveToKnwPush(null)).toBeNull();
  });

  it('announces finished, unviewed records once', () => {
    const records = [
      saveRecord(1, 1),
      saveRecord(2, 2),
      saveRecord(3, 3),
      saveRecord(4, 2, { userView: 1 }),
      saveRecord(2, 2),
    ];
    expect(recordsToAnnounce(records, new Set()).map((r) => r.copyRecordId)).toEqual([2, 3]);
    expect(recordsToAnnounce(records, new Set([2])).map((r) => r.copyRecordId)).toEqual([3]);
  });
});
