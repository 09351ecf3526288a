// The settings of 服务配置 (spec 02 §7.6): submission tags (`tag`), a school's QC rule or the
// group's (`rule`), and the lessons whose students the statistics count (`courseRange`).

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseRange } from '@/generated/CourseRange';
import type { CourseRangeSave } from '@/generated/CourseRangeSave';
import type { IdRequest } from '@/generated/IdRequest';
import type { QcRule } from '@/generated/QcRule';
import type { QcRuleSave } from '@/generated/QcRuleSave';
import type { RuleQuery } from '@/generated/RuleQuery';
import type { TagRow } from '@/generated/TagRow';
import { api } from '@/lib/api-client';
import { qcKeys } from './qc-keys';

/** GET /api/tag/list */
export function getTags(): Promise<TagRow[]> {
  return api.get<TagRow[]>('/api/tag/list');
}

export function useTags() {
  return useQuery({ queryKey: qcKeys.tags(), queryFn: getTags });
}

/** POST /api/tag/del (answers true). */
export function deleteTag(id: number): Promise<boolean> {
  const body: IdRequest = { id };
  return api.post<boolean>('/api/tag/del', body);
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qcKeys.tags() }),
  });
}

/** GET /api/rule/getRule?schoolId= (-1: the group's). */
export function getRule(schoolId: number): Promise<QcRule> {
  const params: RuleQuery = { schoolId };
  return api.get<QcRule>('/api/rule/getRule', { params: { ...params }, noLoading: true });
}

export function ruleQueryOptions(schoolId: number) {
  return queryOptions({ queryKey: qcKeys.rule(schoolId), queryFn: () => getRule(schoolId) });
}

export function useRule(schoolId: number) {
  return useQuery(ruleQueryOptions(schoolId));
}

/** POST /api/rule/saveOrUpdate */
export function saveRule(body: QcRuleSave): Promise<QcRule> {
  return api.post<QcRule>('/api/rule/saveOrUpdate', body);
}

/** The group's rule is what schools without their own follow: every rule read may change. */
export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRule,
    onSuccess: (rule) => {
      queryClient.setQueryData(qcKeys.rule(rule.schoolId), rule);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...qcKeys.all, 'rule'] }),
        queryClient.invalidateQueries({ queryKey: qcKeys.stats() }),
      ]);
    },
  });
}

/** GET /api/courseRange/get */
export function getCourseRange(): Promise<CourseRange> {
  return api.get<CourseRange>('/api/courseRange/get');
}

export function useCourseRange() {
  return useQuery({ queryKey: qcKeys.courseRange(), queryFn: getCourseRange });
}

/** POST /api/courseRange/save */
export function saveCourseRange(body: CourseRangeSave): Promise<CourseRange> {
  return api.post<CourseRange>('/api/courseRange/save', body);
}

export function useSaveCourseRange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCourseRange,
    onSuccess: (range) => {
      queryClient.setQueryData(qcKeys.courseRange(), range);
      return queryClient.invalidateQueries({ queryKey: qcKeys.stats() });
    },
  });
}
