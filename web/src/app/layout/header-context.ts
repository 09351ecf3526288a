// What the header shows for a path (spec 01 §2 "Layout").

export type HeaderSelectors = 'school-subject' | 'none' | 'province-subject';

const NO_SELECTOR_PARTS = [
  'easyServer',
  'qualityCheckManagement',
  'easyexamination',
  'easyDevelop',
  'feedbackEdit',
  'feedbackpreview',
  'planReport',
];

export function selectorsFor(pathname: string): HeaderSelectors {
  if (pathname.includes('dataCenter')) return 'school-subject';
  const lower = pathname.toLowerCase();
  if (NO_SELECTOR_PARTS.some((p) => lower.includes(p.toLowerCase()))) return 'none';
  return 'province-subject';
}

const SUBTITLES: [string, string][] = [
  ['dataCenter', '数据中心'],
  ['easyServer', '易服务'],
  ['qualityCheckManagement', '易管理'],
  ['easyexamination', '易考试'],
];

/** The sub-product title next to the logo. */
export function subtitleFor(pathname: string): string {
  return SUBTITLES.find(([part]) => pathname.includes(part))?.[1] ?? '组卷';
}
