import { Button, Checkbox, Group, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import { showSuccess } from '@/lib/toast';
import { useSingleQc } from '../../api/checks';
import {
  type CheckErrors,
  checkErrors,
  type CheckRule,
  hasErrors,
  initialCheckValues,
  RESULT_CHOICES,
  type ResultStatus,
  resultStatusOf,
  toSingleQc,
  UNQUALIFIED,
} from '../../check-form';
import { CommentField } from './comment-field';

export interface CheckPanelProps {
  punch: ServicePunchRow;
  rule: CheckRule;
  /** The pre-check's suggestion, offered with 采用建议 (the inspector decides). */
  suggested: ResultStatus | null;
  /** After the check was saved. */
  onChecked: () => void;
}

/** The check of one punch: 合格 or 不合格, 典型案例, a comment the rule may require. */
export function CheckPanel({ punch, rule, suggested, onChecked }: CheckPanelProps) {
  const [values, setValues] = useState(() => initialCheckValues(punch));
  const [errors, setErrors] = useState<CheckErrors>({});
  const check = useSingleQc();

  const submit = () => {
    const found = checkErrors(values, rule);
    setErrors(found);
    if (hasErrors(found) || values.resultStatus === null) return;
    check.mutate(toSingleQc(punch.punchId, { ...values, resultStatus: values.resultStatus }), {
      onSuccess: () => {
        showSuccess('质检结果已保存');
        onChecked();
      },
    });
  };

  return (
    <Stack gap="sm" role="form" aria-label="质检">
      <Group align="flex-end" gap="lg">
        <Radio.Group
          label="质检结果"
          withAsterisk
          value={values.resultStatus === null ? null : String(values.resultStatus)}
          error={errors.resultStatus}
          onChange={(v) => setValues((s) => ({ ...s, resultStatus: resultStatusOf(v) }))}
        >
          <Group gap="md" mt={6}>
            {RESULT_CHOICES.map((c) => (
              <Radio key={c.value} value={c.value} label={c.label} />
            ))}
          </Group>
        </Radio.Group>
        <Checkbox
          label="典型案例"
          checked={values.classicCase}
          onChange={(e) => {
            const classicCase = e.currentTarget.checked;
            setValues((s) => ({ ...s, classicCase }));
          }}
        />
        {suggested !== null && suggested !== values.resultStatus && (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => setValues((s) => ({ ...s, resultStatus: suggested }))}
          >
            采用建议
          </Button>
        )}
      </Group>
      <CommentField
        value={values.comment}
        required={values.resultStatus === UNQUALIFIED && rule.commentRequiredWhenUnqualified}
        error={errors.comment}
        onChange={(comment) => setValues((s) => ({ ...s, comment }))}
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={check.isPending}>
          提交质检
        </Button>
      </Group>
    </Stack>
  );
}
