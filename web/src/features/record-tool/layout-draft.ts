// The record sheet as its editor holds it (a row per dimension, told apart by `uid` while keys
// are typed) and as `layout/save` takes it back. Pure functions.

import type { LayoutDimension } from '@/generated/LayoutDimension';
import type { LayoutSaveRequest } from '@/generated/LayoutSaveRequest';
import { MAX_DIMENSION_SCORE } from './record-tool-dict';
import { freshDimensionKey } from './visit-rules';

export interface DimensionDraft {
  uid: string;
  key: string;
  name: string;
  description: string;
  maxScore: number | '';
}

export interface LayoutDraft {
  dimensions: DimensionDraft[];
}

let lastUid = 0;

function draftOf(dimension: Omit<DimensionDraft, 'uid'>): DimensionDraft {
  lastUid += 1;
  return { uid: `dimension-${lastUid}`, ...dimension };
}

/** The editor's rows of a sheet as read. */
export function layoutDraftOf(dimensions: readonly LayoutDimension[]): LayoutDraft {
  return { dimensions: dimensions.map(draftOf) };
}

/** A new row: a key not used yet, no name, a maximum of 20 (or the most allowed). */
export function newDimension(existing: readonly DimensionDraft[]): DimensionDraft {
  return draftOf({
    key: freshDimensionKey(existing.map((d) => d.key)),
    name: '',
    description: '',
    maxScore: Math.min(20, MAX_DIMENSION_SCORE),
  });
}

/** The body of `layout/save`: the rows in order, names and descriptions trimmed. */
export function layoutSaveBodyOf(draft: LayoutDraft): LayoutSaveRequest {
  return {
    dimensions: draft.dimensions.map((d) => ({
      key: d.key,
      name: d.name.trim(),
      description: d.description.trim(),
      maxScore: d.maxScore === '' ? 0 : d.maxScore,
    })),
  };
}
