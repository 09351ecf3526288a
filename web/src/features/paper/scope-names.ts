// A paper's stage and subject as the content dictionaries name them (dic/queryBaseDicInfo): the
// wire carries codes only, and a code the dictionary does not know yet shows as '-' rather than a
// guessed name.

import type { BaseDicInfo } from '@/generated/BaseDicInfo';
import { EMPTY } from '@/lib/format';

const nameIn = (list: readonly { code: string; name: string }[] | undefined, code: number) =>
  list?.find((c) => c.code === String(code))?.name;

/** '高中数学' of stage 4 and subject 54; '-' when either is not in the dictionary (or it is not read yet). */
export function scopeName(dict: BaseDicInfo | undefined, stage: number, subject: number): string {
  const stageName = nameIn(dict?.stages, stage);
  const subjectName = nameIn(dict?.subjects, subject);
  return stageName && subjectName ? `${stageName}${subjectName}` : EMPTY;
}
