// What the header shows for a path (spec 01 §2 "Layout").

import { sections } from '@/config/paths';

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

/** The sub-product of everything outside the sections that name their own (01 §1). */
export const DEFAULT_SUBTITLE = '组卷';

/**
 * The sub-product title next to the logo: the subtitle of the section the path is in (by whole
 * path segments, as the router matches it), else 组卷.
 */
export function subtitleFor(pathname: string): string {
  const section = sections.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
  return section?.subtitle ?? DEFAULT_SUBTITLE;
}
