import { Button, Checkbox, Group, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { CourseRange } from '@/generated/CourseRange';
import type { CourseRangeSave } from '@/generated/CourseRangeSave';
import { formatInstant, formatText } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useCourseRange, useSaveCourseRange } from '../../api/settings';
import { CLASS_TYPES, type CourseRangeOptions } from '../../course-range';

interface CourseRangeFormProps {
  range: CourseRange;
  options: CourseRangeOptions;
  onSaved?: () => void;
}

function CourseRangeForm({ range, options, onSaved }: CourseRangeFormProps) {
  const [values, setValues] = useState<CourseRangeSave>({
    productTypes: range.productTypes,
    classTypes: range.classTypes,
    gradeCodes: range.gradeCodes,
  });
  const save = useSaveCourseRange();
  return (
    <Stack gap="sm" maw={640}>
      <Text size="sm" c="dimmed">
        服务统计中"带学员数"只计入以下范围内课程的学员；不选表示全部。
      </Text>
      <MultiSelect
        label="产品类型"
        placeholder={values.productTypes.length === 0 ? '全部产品类型' : undefined}
        data={options.productTypes}
        value={values.productTypes}
        onChange={(productTypes) => setValues((v) => ({ ...v, productTypes }))}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <Checkbox.Group
        label="课程类型"
        value={values.classTypes.map(String)}
        onChange={(v) => setValues((s) => ({ ...s, classTypes: v.map(Number) }))}
      >
        <Group mt={6}>
          {CLASS_TYPES.map((t) => (
            <Checkbox key={t.value} value={t.value} label={t.label} />
          ))}
        </Group>
      </Checkbox.Group>
      <MultiSelect
        label="年级"
        placeholder={values.gradeCodes.length === 0 ? '全部年级' : undefined}
        data={options.grades}
        value={values.gradeCodes.map(String)}
        onChange={(v) => setValues((s) => ({ ...s, gradeCodes: v.map(Number) }))}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          最近更新：{formatInstant(range.updatedAt)} {formatText(range.updatedBy)}
        </Text>
        <Button
          onClick={() =>
            save.mutate(values, {
              onSuccess: () => {
                showSuccess('课程范围已保存');
                onSaved?.();
              },
            })
          }
          loading={save.isPending}
        >
          保存
        </Button>
      </Group>
    </Stack>
  );
}

/** 课程范围: which lessons' students the service statistics count. */
export function CourseRangeTab({ options, onSaved }: { options: CourseRangeOptions; onSaved?: () => void }) {
  const query = useCourseRange();
  if (!query.data) return query.isFetching ? <Loader size="sm" aria-label="加载中" /> : null;
  return <CourseRangeForm key={query.data.updatedAt} range={query.data} options={options} onSaved={onSaved} />;
}
