import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegionInfo } from '@/generated/RegionInfo';
import type { SchoolRef } from '@/generated/SchoolRef';
import type { SelectRequest } from '@/generated/SelectRequest';
import { api } from '@/lib/api-client';
import { type Selection, setSelection, updateUser } from '@/lib/session';

/** POST /api/pub/user/select: reports the chosen school, stage or subject. */
export function reportSelection(selection: SelectRequest): Promise<unknown> {
  return api.post('/api/pub/user/select', selection, { noLoading: true });
}

/** GET /api/pub/user/region-info?subject= */
export function getRegionInfo(subject: number | undefined): Promise<RegionInfo> {
  return api.get<RegionInfo>('/api/pub/user/region-info', {
    params: { subject },
    noLoading: true,
    quiet: true,
  });
}

export const regionKeys = {
  all: ['region-info'] as const,
  info: (subject: number | undefined) => [...regionKeys.all, subject ?? null] as const,
};

/** The area data of the province picker for `subject`. */
export function useRegionInfo(subject: number | undefined) {
  return useQuery({ queryKey: regionKeys.info(subject), queryFn: () => getRegionInfo(subject) });
}

/** POST /api/pub/user/province/select?code= */
export function selectProvince(code: string): Promise<unknown> {
  return api.post('/api/pub/user/province/select', undefined, { params: { code }, noLoading: true });
}

// Writes: each puts the choice the server accepted into the session (and reads what follows it).

/** Chooses a school; the session's user takes it. */
export function useSelectSchool() {
  return useMutation({
    mutationFn: (school: SchoolRef) => reportSelection({ schoolId: school.id }),
    onSuccess: (_answer, school) => updateUser({ selectedSchool: school }),
  });
}

/** Chooses a stage and subject; the session's selection takes them. */
export function useSelectSubject() {
  return useMutation({
    mutationFn: (selection: Selection) => reportSelection({ stage: selection.stage, subject: selection.subject }),
    onSuccess: (_answer, selection) => setSelection(selection),
  });
}

/** Chooses a province; the session's user takes it and the area data is read again (it follows the province). */
export function useSelectProvince() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (province: { code: string; name: string }) => selectProvince(province.code),
    onSuccess: (_answer, province) => {
      updateUser({ selectedProvince: province });
      return client.invalidateQueries({ queryKey: regionKeys.all });
    },
  });
}
