import { describe, expect, it } from 'vitest';
import { task } from './components/test-helpers';
import { badgeCount, createThrottle, displayName, exceedsExportLimit, statusText } from './download-rules';

describe('status texts and names', () => {
  it('names the five statuses', () => {
    expect([1, 2, 3, 4, 5].map(statusText)).toEqual(['等待生成', '生成中', '可下载', '已下载', '重试']);
    expect(statusText(null)).toBe('');
    expect(statusText(9)).toBe('');
  });

  it('adds the extension only when the name lacks it', () => {
    expect(displayName(task(1, 3))).toBe('通知列表1.xlsx');
    expect(displayName(task(1, 3, { fileName: '期中试卷', extraInfo: { resourceType: 0, ext: 'pdf' } }))).toBe(
      '期中试卷.pdf',
    );
  });

  it('counts queued plus ready files for the badge', () => {
    expect(badgeCount({ queueCount: 2, doneCount: 3 })).toBe(5);
    expect(badgeCount({ queueCount: 0, doneCount: 0 })).toBe(0);
  });
});

describe('click throttle', () => {
  it('throttles to one call per window', () => {
    let now = 0;
    const allow = createThrottle(2000, () => now);
    expect(allow()).toBe(true);
    now = 1999;
    expect(allow()).toBe(false);
    now = 2000;
    expect(allow()).toBe(true);
    now = 2500;
    expect(allow()).toBe(false);
  });
});

describe('exceedsExportLimit', () => {
  it('refuses more than 100 thousand rows', () => {
    expect(exceedsExportLimit(100_000)).toBe(false);
    expect(exceedsExportLimit(100_001)).toBe(true);
    expect(exceedsExportLimit(0)).toBe(false);
    expect(exceedsExportLimit(11, 10)).toBe(true);
  });
});
