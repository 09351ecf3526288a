import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { KnowledgePicker } from '@/features/question/components/knowledge-picker';
import { OUTLINE_LIMITS } from '../outline-dict';
import { type LessonDraft, moved, newLesson, newUnit, type UnitDraft } from '../outline-draft';
import { HandoutSelect } from './handout-select';

export interface UnitsEditorProps {
  /** The outline's subject and stage: the trees the points are picked from. */
  subject: number;
  stage: number;
  units: UnitDraft[];
  onChange: (units: UnitDraft[]) => void;
  /** What is wrong, by draft key. */
  errors: Record<string, string>;
}

/**
 * An outline's units and their lessons: added, removed and moved (上移, 下移); a unit's title; a
 * lesson's title, hours, knowledge points (from a tree of the outline's subject and stage) and
 * handout (from the paper collection).
 */
export function UnitsEditor({ subject, stage, units, onChange, errors }: UnitsEditorProps) {
  const setUnit = (index: number, unit: UnitDraft) => onChange(units.map((u, i) => (i === index ? unit : u)));
  const lessonCount = units.reduce((n, u) => n + u.lessons.length, 0);
  const full = lessonCount >= OUTLINE_LIMITS.lessons;

  return (
    <Stack gap="sm">
      {units.map((unit, i) => {
        const name = `第${i + 1}单元`;
        const setLesson = (j: number, lesson: LessonDraft) =>
          setUnit(i, { ...unit, lessons: unit.lessons.map((l, k) => (k === j ? lesson : l)) });
        return (
          <Paper key={unit.key} withBorder p="sm" radius="md" role="group" aria-label={name}>
            <Stack gap="xs">
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  label="单元名称"
                  style={{ flex: 1 }}
                  maxLength={OUTLINE_LIMITS.name}
                  value={unit.title}
                  onChange={(e) => setUnit(i, { ...unit, title: e.currentTarget.value })}
                  error={errors[unit.key]}
                />
                <MoveButtons
                  name={name}
                  what="单元"
                  first={i === 0}
                  last={i === units.length - 1}
                  onMove={(by) => onChange(moved(units, i, by))}
                  onRemove={() => onChange(units.filter((_, k) => k !== i))}
                />
              </Group>
              {unit.lessons.map((lesson, j) => {
                const lessonName = `${name}第${j + 1}课次`;
                return (
                  <Paper
                    key={lesson.key}
                    withBorder
                    p="xs"
                    radius="sm"
                    bg="gray.0"
                    role="group"
                    aria-label={lessonName}
                  >
                    <Stack gap={6}>
                      <Group gap="xs" align="flex-start" wrap="nowrap">
                        <TextInput
                          label="课次名称"
                          style={{ flex: 1 }}
                          maxLength={OUTLINE_LIMITS.name}
                          value={lesson.title}
                          onChange={(e) => setLesson(j, { ...lesson, title: e.currentTarget.value })}
                          error={errors[lesson.key]}
                        />
                        <NumberInput
                          label="课时"
                          w={90}
                          min={OUTLINE_LIMITS.hoursMin}
                          max={OUTLINE_LIMITS.hoursMax}
                          allowDecimal={false}
                          value={lesson.hours}
                          onChange={(v) => setLesson(j, { ...lesson, hours: typeof v === 'number' ? v : Number(v) })}
                        />
                        <Group gap={2} mt={24} wrap="nowrap">
                          <MoveButtons
                            name={lessonName}
                            what="课次"
                            first={j === 0}
                            last={j === unit.lessons.length - 1}
                            onMove={(by) => setUnit(i, { ...unit, lessons: moved(unit.lessons, j, by) })}
                            onRemove={() => setUnit(i, { ...unit, lessons: unit.lessons.filter((_, k) => k !== j) })}
                          />
                        </Group>
                      </Group>
                      <KnowledgePicker
                        subject={subject}
                        stage={stage}
                        value={lesson.knowledgeIds}
                        onChange={(knowledgeIds) => setLesson(j, { ...lesson, knowledgeIds })}
                        known={lesson.known}
                        max={OUTLINE_LIMITS.points}
                      />
                      <HandoutSelect
                        value={lesson.paperId}
                        knownTitle={lesson.paperTitle}
                        onChange={(paperId, paperTitle) => setLesson(j, { ...lesson, paperId, paperTitle })}
                      />
                    </Stack>
                  </Paper>
                );
              })}
              <Group>
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={full}
                  onClick={() =>
                    setUnit(i, { ...unit, lessons: [...unit.lessons, newLesson(unit.lessons.length + 1)] })
                  }
                  aria-label={`${name}添加课次`}
                >
                  添加课次
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      {units.length === 0 && (
        <Text size="sm" c="dimmed">
          还没有单元，点“添加单元”开始
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          disabled={units.length >= OUTLINE_LIMITS.units || full}
          onClick={() => onChange([...units, newUnit(units.length + 1)])}
        >
          添加单元
        </Button>
      </Group>
    </Stack>
  );
}

interface MoveButtonsProps {
  name: string;
  what: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function MoveButtons({ name, what, first, last, onMove, onRemove }: MoveButtonsProps) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`上移${what}：${name}`}
        disabled={first}
        onClick={() => onMove(-1)}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`下移${what}：${name}`}
        disabled={last}
        onClick={() => onMove(1)}
      >
        ↓
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`删除${what}：${name}`} onClick={onRemove}>
        ×
      </ActionIcon>
    </Group>
  );
}
