import { Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LivePatrolSave } from '@/generated/LivePatrolSave';
import { showSuccess } from '@/lib/toast';
import { useSavePatrol } from '../api/patrols';
import { MAX_PATROL_REMARK_CHARS, PATROL_NORMAL, PATROL_PROBLEM, PATROL_RESULTS } from '../live-dict';

interface Values {
  result: string;
  remark: string;
}

const INITIAL: Values = { result: String(PATROL_NORMAL), remark: '' };

/** The call's body: the remark trimmed, left out when empty. */
function patrolBody(lessonId: number, values: Values): LivePatrolSave {
  const remark = values.remark.trim();
  return { lessonId, result: Number(values.result), ...(remark ? { remark } : {}) };
}

/**
 * 记录巡课 (an inspector's; a region): 正常 or 有问题, a remark of at most 500 characters — required
 * with 有问题, here as on the server —, then `liveLesson/patrol/save`. The form starts over once
 * recorded; a refusal is shown by the API client and the form keeps what was written.
 */
export function PatrolForm({ lessonId }: { lessonId: number }) {
  const save = useSavePatrol();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: INITIAL,
    validate: {
      remark: (v, values) =>
        Number(values.result) === PATROL_PROBLEM && !v.trim() ? '有问题时请在备注中写明问题' : null,
    },
  });
  const values = form.getValues();

  const submit = form.onSubmit((submitted) => {
    save.mutate(patrolBody(lessonId, submitted), {
      onSuccess: () => {
        showSuccess('巡课记录已提交');
        form.reset();
      },
    });
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="记录巡课">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={5}>记录巡课</Title>
          <Group gap="sm" align="center">
            <Text size="sm">巡课结果</Text>
            <SegmentedControl
              aria-label="巡课结果"
              data={[...PATROL_RESULTS]}
              value={values.result}
              onChange={(v) => {
                form.setFieldValue('result', v);
                // A remark wanted for 有问题 is no longer wanted for 正常.
                form.clearFieldError('remark');
              }}
            />
          </Group>
          <Textarea
            label="备注"
            placeholder="巡课情况，有问题时必填"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={MAX_PATROL_REMARK_CHARS}
            description={`${values.remark.length}/${MAX_PATROL_REMARK_CHARS}`}
            withAsterisk={Number(values.result) === PATROL_PROBLEM}
            {...form.getInputProps('remark')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              提交巡课记录
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
