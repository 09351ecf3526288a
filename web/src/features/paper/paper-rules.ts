// The rules of a paper's editable fields, mirroring the server's checks (api handlers/paper.rs),
// and how its layout settings style the editing area.

import type { CSSProperties } from 'react';
import type { PaperGlobalSettings } from '@/generated/PaperGlobalSettings';
import type { PaperHeaderInfo } from '@/generated/PaperHeaderInfo';

/** Paper types (01 §3). */
export const PAPER_TYPES = [
  { code: 2, name: '切片库' },
  { code: 3, name: '教辅库' },
  { code: 4, name: '教材库' },
  { code: 5, name: '讲义' },
] as const;

/** The type lecture assembly picks unless told otherwise. */
export const DEFAULT_PAPER_TYPE = 5;

export const PAPER_TITLE_MAX = 100;

/** Font families a paper may use (protocol PAPER_FONT_FAMILIES), with their Chinese names. */
export const PAPER_FONTS = [
  { value: 'Microsoft YaHei', label: '微软雅黑', generic: 'sans-serif' },
  { value: 'SimHei', label: '黑体', generic: 'sans-serif' },
  { value: 'SimSun', label: '宋体', generic: 'serif' },
  { value: 'KaiTi', label: '楷体', generic: 'serif' },
  { value: 'FZLanTingHei', label: '方正兰亭黑', generic: 'sans-serif' },
  { value: 'Times New Roman', label: 'Times New Roman', generic: 'serif' },
] as const;

export const FONT_SIZE_MIN = 10;
export const FONT_SIZE_MAX = 32;
export const LINE_HEIGHT_MIN = 1;
export const LINE_HEIGHT_MAX = 3;

/** The server's settings when a paper has none of its own. */
export const DEFAULT_GLOBAL_SETTINGS: PaperGlobalSettings = {
  fontFamily: 'Microsoft YaHei',
  fontSize: 14,
  lineHeight: 1.5,
};

/** Why a new paper title is refused, or null. */
export function paperTitleError(title: string): string | null {
  const length = Array.from(title.trim()).length;
  return length === 0 || length > PAPER_TITLE_MAX ? `讲义标题需为1到${PAPER_TITLE_MAX}个字符` : null;
}

/** Header fields with their names and limits (in characters). */
export const HEADER_FIELDS = [
  { key: 'title', label: '标题', max: 100 },
  { key: 'subtitle', label: '副标题', max: 100 },
  { key: 'teacherName', label: '教师', max: 50 },
  { key: 'studentName', label: '学生', max: 50 },
  { key: 'className', label: '班级', max: 50 },
  { key: 'lessonDate', label: '日期', max: 30 },
] as const satisfies readonly { key: keyof PaperHeaderInfo; label: string; max: number }[];

/** Why a header field's value is refused, or null (the server's 标题最多100个字符 …). */
export function headerFieldError(key: (typeof HEADER_FIELDS)[number]['key'], value: string): string | null {
  const field = HEADER_FIELDS.find((f) => f.key === key);
  return field && Array.from(value).length > field.max ? `${field.label}最多${field.max}个字符` : null;
}

export function fontFamilyError(value: string | null | undefined): string | null {
  return PAPER_FONTS.some((f) => f.value === value) ? null : '请选择字体';
}

export function fontSizeError(value: number | string | null | undefined): string | null {
  const n = typeof value === 'number' ? value : Number.NaN;
  if (!Number.isInteger(n)) return '请输入整数字号';
  return n < FONT_SIZE_MIN || n > FONT_SIZE_MAX ? `字号需在${FONT_SIZE_MIN}到${FONT_SIZE_MAX}之间` : null;
}

export function lineHeightError(value: number | string | null | undefined): string | null {
  const n = typeof value === 'number' ? value : Number.NaN;
  return !Number.isFinite(n) || n < LINE_HEIGHT_MIN || n > LINE_HEIGHT_MAX
    ? `行距需在${LINE_HEIGHT_MIN}到${LINE_HEIGHT_MAX}之间`
    : null;
}

/** The editing area's style for a paper's settings (font with a generic fallback, px, ratio). */
export function paperContentStyle(settings: PaperGlobalSettings): CSSProperties {
  const font = PAPER_FONTS.find((f) => f.value === settings.fontFamily);
  return {
    fontFamily: font ? `"${font.value}", ${font.generic}` : undefined,
    fontSize: `${settings.fontSize}px`,
    lineHeight: settings.lineHeight,
  };
}
