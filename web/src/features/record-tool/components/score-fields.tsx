import { Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { scoreTotals } from '../visit-rules';
import { type ScoreValue, toScoreValue } from '../visit-sheet-values';

/** A dimension of the record sheet as its score field shows it. */
export interface ScoredDimension {
  key: string;
  name: string;
  description: string;
  maxScore: number;
}

export interface ScoreFieldsProps {
  dimensions: readonly ScoredDimension[];
  /** The score of each dimension, in order. */
  values: readonly ScoreValue[];
  /** An error under a dimension's field, in order. */
  errors?: readonly ReactNode[];
  onChange: (index: number, value: ScoreValue) => void;
}

/**
 * 评分 (a region): a field per dimension of the sheet, a whole number from 0 to its maximum, with
 * its description; the total of the scores given against the total of the maxima.
 */
export function ScoreFields({ dimensions, values, errors = [], onChange }: ScoreFieldsProps) {
  const { total, max } = scoreTotals(dimensions.map((d, i) => ({ maxScore: d.maxScore, score: values[i] })));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="评分">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={5}>评分</Title>
          <Text fw={600} role="status" aria-label="总分">
            总分 {total} / {max}
          </Text>
        </Group>
        {dimensions.length === 0 && (
          <Text size="sm" c="dimmed">
            记录表还没有维度
          </Text>
        )}
        {dimensions.map((d, i) => (
          <NumberInput
            key={d.key}
            label={`${d.name}（满分 ${d.maxScore}）`}
            description={d.description || undefined}
            placeholder={`0–${d.maxScore}`}
            min={0}
            max={d.maxScore}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={values[i] ?? ''}
            error={errors[i]}
            onChange={(v) => onChange(i, toScoreValue(v))}
          />
        ))}
      </Stack>
    </Paper>
  );
}
