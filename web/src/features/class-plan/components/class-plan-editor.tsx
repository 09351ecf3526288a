import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { LeaveGuard } from '@/components/ui/leave-guard';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { ErrorCode } from '@/generated/codes';
import type { ClassPlan } from '@/generated/ClassPlan';
import { isApiError, showError } from '@/lib/api-client';
import { showSuccess, showWarning } from '@/lib/toast';
import { usePlanKnowledgeTree } from '../api/knowledge';
import { classPlanQueryOptions, useConfirmClassPlan, useSaveClassPlan } from '../api/plans';
import {
  lessonNo,
  MAX_PLAN_GOAL_CHARS,
  MAX_PLAN_NOTE_CHARS,
  MAX_PLAN_TITLE_CHARS,
  PLAN_CONFIRMED,
  PLAN_NONE,
  stageOfGrade,
} from '../class-plan-dict';
import { pointGroups } from '../knowledge-options';
import {
  attendedLessons,
  contentKey,
  fillToLessons,
  itemValue,
  maxItems,
  planProblem,
  type PlanValues,
  planValuesOf,
  saveBodyOf,
} from '../plan-form';
import { LessonBadge } from './lesson-badge';
import { PointSelect } from './point-select';

const CONFLICT_HINT = '刷新将读取最新的课程计划，此页未保存的修改会丢失。';

/**
 * A package's plan written by its teacher: the goal and the lessons in order (a topic, knowledge
 * points of the package's atlas, a note), added, removed, moved, or made up to the package's
 * lessons (按课时数生成). Items already carried out show their lesson (the n-th attended lesson
 * carries out item n, so a moved item takes the lesson of its new place). 保存 sends the whole plan
 * with the `updatedAt` read, so a plan changed elsewhere meanwhile is refused (A0409: refresh);
 * 确认计划 asks first. Leaving with unsaved changes asks too.
 */
export function ClassPlanEditor({ plan }: { plan: ClassPlan }) {
  const pkg = plan.package;
  const queryClient = useQueryClient();
  const save = useSaveClassPlan();
  const confirm = useConfirmClassPlan();
  const knowledge = usePlanKnowledgeTree(pkg.subject, stageOfGrade(pkg.grade));
  const [savedKey, setSavedKey] = useState(() => contentKey(planValuesOf(plan)));
  const [updatedAt, setUpdatedAt] = useState(plan.updatedAt);
  const [conflict, setConflict] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const form = useForm<PlanValues>({
    mode: 'controlled',
    initialValues: planValuesOf(plan),
    validate: {
      items: { title: (v) => (v.trim() ? null : '请填写课程内容') },
    },
  });
  const values = form.getValues();
  const dirty = contentKey(values) !== savedKey;
  const leaveGuard = useLeaveGuard(dirty);
  const groups = useMemo(
    () =>
      pointGroups(
        knowledge.data ?? [],
        plan.items.flatMap((i) => i.points),
      ),
    [knowledge.data, plan.items],
  );
  const attended = attendedLessons(plan.lessons);
  const limit = maxItems(pkg.totalLessons);
  const full = values.items.length >= limit;
  const busy = save.isPending || confirm.isPending || refreshing;

  /** The plan as the server has it becomes the form's, unchanged since. */
  const reset = (next: ClassPlan) => {
    const fresh = planValuesOf(next);
    form.setInitialValues(fresh);
    form.setValues(fresh);
    form.resetDirty(fresh);
    form.clearErrors();
    setSavedKey(contentKey(fresh));
    setUpdatedAt(next.updatedAt);
  };

  const submit = () => {
    if (form.validate().hasErrors) {
      showWarning('还有未填写课程内容的课次');
      return;
    }
    const problem = planProblem(values, pkg.totalLessons);
    if (problem) {
      showWarning(problem);
      return;
    }
    save.mutate(saveBodyOf(pkg.packageId, values, updatedAt), {
      onSuccess: (next) => {
        reset(next);
        setConflict(null);
        showSuccess('课程计划已保存');
      },
      onError: (e) => {
        if (isApiError(e, ErrorCode.Conflict)) setConflict(e.message);
        else showError(e.message);
      },
    });
  };

  const refresh = async () => {
    setRefreshing(true);
    try {
      reset(await queryClient.query({ ...classPlanQueryOptions(pkg.packageId), staleTime: 0 }));
      setConflict(null);
    } catch (e) {
      showError(e instanceof Error ? e.message : '未能读取课程计划');
    } finally {
      setRefreshing(false);
    }
  };

  const confirmNow = () =>
    confirm.mutate(pkg.packageId, {
      onSuccess: (next) => {
        // Confirming changes the plan's time, not what the form holds.
        setUpdatedAt(next.updatedAt);
        setConfirming(false);
        showSuccess('课程计划已确认');
      },
      onError: () => setConfirming(false),
    });

  const move = (from: number, to: number) => form.reorderListItem('items', { from, to });

  return (
    <Stack gap="md">
      {conflict && (
        <Alert color="red" title="保存失败" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{conflict}</Text>
            <Text size="sm" c="dimmed">
              {CONFLICT_HINT}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void refresh()} loading={refreshing}>
              刷新
            </Button>
          </Stack>
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" component="section" aria-label="课程目标">
        <Stack gap="xs">
          <Title order={5}>课程目标</Title>
          <Textarea
            label="课程目标"
            placeholder="本课时包要达成的学习目标，如：掌握函数与导数的基本方法，期末成绩提高 15 分"
            autosize
            minRows={3}
            maxRows={10}
            maxLength={MAX_PLAN_GOAL_CHARS}
            description={`${values.goal.length}/${MAX_PLAN_GOAL_CHARS}`}
            {...form.getInputProps('goal')}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label="课程安排">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={5}>课程安排</Title>
            <Text size="sm" c="dimmed">
              共 {values.items.length} 次课 · 课时包 {pkg.totalLessons} 课时 · 已上 {pkg.usedLessons} 课时
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            学员出勤（含迟到）的第 n 次课对应计划的第 n 次课。
          </Text>
          {values.items.length === 0 ? (
            <Text c="dimmed" size="sm">
              还没有安排课次，可逐次添加，或按课时数生成。
            </Text>
          ) : (
            <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="课次">
              {values.items.map((item, i) => (
                <Paper key={item.uid} component="li" withBorder p="sm" radius="md" aria-label={lessonNo(i)}>
                  <Stack gap="xs">
                    <Group justify="space-between" gap="xs">
                      <Group gap="xs">
                        <Text fw={600} size="sm">
                          {lessonNo(i)}
                        </Text>
                        <LessonBadge lesson={attended[i]} />
                      </Group>
                      <Group gap={4}>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          disabled={i === 0}
                          onClick={() => move(i, i - 1)}
                          aria-label={`上移${lessonNo(i)}`}
                        >
                          上移
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          disabled={i === values.items.length - 1}
                          onClick={() => move(i, i + 1)}
                          aria-label={`下移${lessonNo(i)}`}
                        >
                          下移
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => form.removeListItem('items', i)}
                          aria-label={`删除${lessonNo(i)}`}
                        >
                          删除
                        </Button>
                      </Group>
                    </Group>
                    <TextInput
                      label="课程内容"
                      placeholder="本次课讲什么"
                      maxLength={MAX_PLAN_TITLE_CHARS}
                      withAsterisk
                      {...form.getInputProps(`items.${i}.title`)}
                    />
                    <PointSelect
                      groups={groups}
                      loading={knowledge.isPending}
                      value={item.pointIds}
                      onChange={(ids) => form.setFieldValue(`items.${i}.pointIds`, ids)}
                    />
                    <Textarea
                      label="备注"
                      placeholder="作业、测验或需要家长配合的事"
                      autosize
                      minRows={1}
                      maxRows={6}
                      maxLength={MAX_PLAN_NOTE_CHARS}
                      {...form.getInputProps(`items.${i}.note`)}
                    />
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
          <Group gap="sm">
            <Button variant="light" size="xs" disabled={full} onClick={() => form.insertListItem('items', itemValue())}>
              添加一次课
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={full}
              onClick={() => form.setFieldValue('items', fillToLessons(form.getValues().items, pkg.totalLessons))}
            >
              按课时数生成
            </Button>
            {full && (
              <Text size="xs" c="dimmed">
                已达课时包的课次数（{limit}）
              </Text>
            )}
          </Group>
        </Stack>
      </Paper>
      <Group justify="flex-end" gap="sm">
        {dirty && (
          <Text size="sm" c="orange">
            有未保存的修改
          </Text>
        )}
        <Button variant="default" onClick={submit} loading={save.isPending} disabled={busy}>
          保存
        </Button>
        {plan.status !== PLAN_CONFIRMED && (
          <Button
            onClick={() => setConfirming(true)}
            disabled={busy || dirty || plan.status === PLAN_NONE}
            title={dirty || plan.status === PLAN_NONE ? '请先保存课程计划' : undefined}
          >
            确认计划
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={confirming}
        title="确认课程计划"
        message="确认后，此计划即为与家长约定的课程计划（之后仍可调整）。确定确认吗？"
        confirmLabel="确认计划"
        busy={confirm.isPending}
        onConfirm={confirmNow}
        onClose={() => setConfirming(false)}
      />
      <LeaveGuard guard={leaveGuard} message="课程计划有未保存的修改，离开后这些修改将丢失。确定离开吗？" />
    </Stack>
  );
}
