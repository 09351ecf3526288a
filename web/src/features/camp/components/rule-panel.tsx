import { Button, Card, List, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { CampInfo } from '@/generated/CampInfo';
import { usePublishRules, useSetCampRule, useStagingRule } from '../api/rule';
import { CAMP_LIMITS, isEditable, RULE_ALL, RULE_BY_DATE, RULE_IN_ORDER } from '../camp-dict';
import { ruleDraftOf, ruleRequestOf } from '../rule-draft';

/** The rules when the dictionary has not answered yet. */
const FALLBACK_RULES = [
  { code: RULE_ALL, name: '全部开放', description: '' },
  { code: RULE_IN_ORDER, name: '按顺序解锁', description: '' },
  { code: RULE_BY_DATE, name: '按日期解锁', description: '' },
];

/** 开放规则: how the phases open (all, in order, by date from the opening day), and each phase's opening. */
export function RulePanel({ info }: { info: CampInfo }) {
  const rules = usePublishRules().data ?? FALLBACK_RULES;
  const staging = useStagingRule(info.campId);
  const save = useSetCampRule();
  const [draft, setDraft] = useState(() => ruleDraftOf(info));
  const [error, setError] = useState<string | null>(null);
  const stored = ruleDraftOf(info);
  const changed = JSON.stringify(stored) !== JSON.stringify(draft);
  const editable = isEditable(info.status);
  const description = rules.find((r) => r.code === draft.rule)?.description;

  const submit = () => {
    const request = ruleRequestOf(info.campId, draft);
    if (typeof request === 'string') {
      setError(request);
      return;
    }
    setError(null);
    save.mutate(request);
  };

  return (
    <Card withBorder padding="md" component="section" aria-label="开放规则">
      <Stack gap="sm">
        <Title order={5}>开放规则</Title>
        <Select
          label="规则"
          data={rules.map((r) => ({ value: String(r.code), label: r.name }))}
          value={String(draft.rule)}
          onChange={(v) => v && setDraft({ ...draft, rule: Number(v) })}
          allowDeselect={false}
          disabled={!editable}
        />
        {description && (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        )}
        {draft.rule === RULE_BY_DATE && (
          <>
            <TextInput
              type="date"
              label="开营日期"
              value={draft.startDay}
              onChange={(e) => setDraft({ ...draft, startDay: e.currentTarget.value })}
              disabled={!editable}
            />
            <NumberInput
              label="解锁间隔（天）"
              min={CAMP_LIMITS.minIntervalDays}
              max={CAMP_LIMITS.maxIntervalDays}
              allowDecimal={false}
              value={draft.intervalDays}
              onChange={(v) => setDraft({ ...draft, intervalDays: typeof v === 'number' ? v : Number(v) || 0 })}
              disabled={!editable}
            />
          </>
        )}
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
        {editable && (
          <Button variant="light" onClick={submit} disabled={!changed} loading={save.isPending}>
            保存规则
          </Button>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            各阶段开放时间
          </Text>
          {(staging.data ?? []).length === 0 ? (
            <Text size="xs" c="dimmed">
              暂无阶段
            </Text>
          ) : (
            <List size="sm" spacing={2} aria-label="各阶段开放时间">
              {staging.data?.map((s, i) => (
                <List.Item key={s.phaseId}>
                  第{i + 1}阶段 {s.phaseName}：{s.openCondition}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
