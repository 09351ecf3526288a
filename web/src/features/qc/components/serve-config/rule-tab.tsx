import { Alert, Button, Group, Loader, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import type { QcRule } from '@/generated/QcRule';
import type { QcRuleSettings } from '@/generated/QcRuleSettings';
import { formatInstant, formatText } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useRule, useSaveRule } from '../../api/settings';
import {
  GROUP_RULE_SCHOOL_ID,
  MAX_CONTENT_CHARS,
  MAX_DUPLICATE_WINDOW_HOURS,
  type RuleErrors,
  ruleErrors,
  ruleSettings,
  toRuleSave,
} from '../../rule-form';
import { SchoolSelect } from '../school-select';

type NumberSetting = Exclude<keyof QcRuleSettings, 'commentRequiredWhenUnqualified'>;

const NUMBER_FIELDS: { key: NumberSetting; label: string; max: number; description: string }[] = [
  {
    key: 'minContentChars',
    label: '服务内容最少字数',
    max: MAX_CONTENT_CHARS,
    description: '少于该字数的打卡会被预检标记',
  },
  {
    key: 'duplicateWindowHours',
    label: '重复打卡间隔(小时)',
    max: MAX_DUPLICATE_WINDOW_HOURS,
    description: '同一学员同一服务在该时间内再次打卡视为重复，0 表示不检查',
  },
  { key: 'workingHourFrom', label: '打卡时段开始(时)', max: 24, description: '北京时间，时段外的打卡会被预检标记' },
  { key: 'workingHourTo', label: '打卡时段结束(时)', max: 24, description: '北京时间' },
  {
    key: 'sampleRatePercent',
    label: '抽检比例(%)',
    max: 100,
    description: '质检员应质检的打卡比例，质检统计中作为质检率目标',
  },
];

export interface RuleFormProps {
  rule: QcRule;
  /** After the server saved it. */
  onSaved?: () => void;
}

/** A rule's settings, checked and saved (the rule's school: a school's, or -1 the group's). */
export function RuleForm({ rule, onSaved }: RuleFormProps) {
  const [values, setValues] = useState<QcRuleSettings>(() => ruleSettings(rule));
  const [errors, setErrors] = useState<RuleErrors>({});
  const save = useSaveRule();
  const group = rule.schoolId === GROUP_RULE_SCHOOL_ID;

  const submit = () => {
    const found = ruleErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(toRuleSave(rule.schoolId, values), {
      onSuccess: () => {
        showSuccess('质检规则已保存');
        onSaved?.();
      },
    });
  };

  return (
    <Stack gap="sm" maw={720}>
      {rule.inherited && !group && (
        <Alert color="blue" variant="light" title="沿用集团默认规则">
          该学校未单独设置质检规则，当前显示的是集团默认规则；保存后将成为该学校自己的规则。
        </Alert>
      )}
      <SimpleGrid cols={2} spacing="sm">
        {NUMBER_FIELDS.map((f) => (
          <NumberInput
            key={f.key}
            label={f.label}
            description={f.description}
            min={0}
            max={f.max}
            allowDecimal={false}
            value={values[f.key]}
            error={errors[f.key]}
            onChange={(v) => setValues((s) => ({ ...s, [f.key]: typeof v === 'number' ? v : Number.NaN }))}
          />
        ))}
      </SimpleGrid>
      <Switch
        label="不合格时必须填写评语"
        checked={values.commentRequiredWhenUnqualified}
        onChange={(e) => {
          const commentRequiredWhenUnqualified = e.currentTarget.checked;
          setValues((s) => ({ ...s, commentRequiredWhenUnqualified }));
        }}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {rule.inherited ? '尚未单独设置' : `最近更新：${formatInstant(rule.updatedAt)} ${formatText(rule.updatedBy)}`}
        </Text>
        <Button onClick={submit} loading={save.isPending}>
          保存规则
        </Button>
      </Group>
    </Stack>
  );
}

/** 质检规则: the group's rule (集团默认) or a school's, which then no longer follows the group's. */
export function RuleTab() {
  const [schoolId, setSchoolId] = useState(GROUP_RULE_SCHOOL_ID);
  const query = useRule(schoolId);
  const rule = query.data;
  return (
    <Stack gap="sm">
      <SchoolSelect
        label="适用范围"
        value={schoolId}
        allOption={{ value: GROUP_RULE_SCHOOL_ID, label: '集团默认' }}
        onChange={(id) => setSchoolId(id ?? GROUP_RULE_SCHOOL_ID)}
      />
      {rule ? (
        <RuleForm key={`${rule.schoolId}-${rule.updatedAt}-${rule.inherited}`} rule={rule} />
      ) : (
        query.isFetching && <Loader size="sm" aria-label="加载中" />
      )}
    </Stack>
  );
}
