// The path of 组讲义 (01 §2: lectureLibrary/assembleLecture/{any}/{subject}/{stage}/{atlasType}/
// {schoolId}/{knwDirId}) as the page reads it: the subject and stage the lecture is assembled in,
// the atlas type whose trees are offered (0: any type), and the knowledge directory (an atlas node)
// the tree opens at (0: the whole tree). `any` and `schoolId` are carried by the links but decide
// nothing here: a paper belongs to the school the caller has chosen (the server sets it).

import { generatePath } from 'react-router';
import { routesByName } from '@/config/paths';

export const ASSEMBLE_LECTURE = 'AssembleLecture';

export interface AssembleParams {
  subject: number;
  stage: number;
  atlasType: number;
  knwDirId: number;
}

const whole = (value: string | undefined, min: number): number | null => {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= min ? n : null;
};

/** The path's values, or why they are not usable. */
export function parseAssembleParams(
  params: Readonly<Record<string, string | undefined>>,
): { ok: true; value: AssembleParams } | { ok: false; error: string } {
  const subject = whole(params.subject, 1);
  const stage = whole(params.stage, 1);
  if (subject === null || stage === null) return { ok: false, error: '链接中的学科或学段无效。' };
  const atlasType = whole(params.atlasType, 0);
  if (atlasType === null) return { ok: false, error: '链接中的图谱类型无效。' };
  const knwDirId = whole(params.knwDirId, 0);
  if (knwDirId === null) return { ok: false, error: '链接中的知识目录无效。' };
  return { ok: true, value: { subject, stage, atlasType, knwDirId } };
}

/**
 * The page of a subject and stage (any atlas type, the whole tree unless a directory is given),
 * opened on the basket when `basket`.
 */
export function assembleLecturePath(
  { subject, stage, atlasType = 0, knwDirId = 0 }: Partial<AssembleParams> & { subject: number; stage: number },
  { schoolId = 0, basket = false }: { schoolId?: number; basket?: boolean } = {},
): string {
  const pattern = routesByName.get(ASSEMBLE_LECTURE)?.path ?? '/';
  const path = generatePath(pattern, {
    any: '0',
    subject: String(subject),
    stage: String(stage),
    atlasType: String(atlasType),
    schoolId: String(schoolId),
    knwDirId: String(knwDirId),
  });
  return basket ? `${path}?tab=basket` : path;
}
