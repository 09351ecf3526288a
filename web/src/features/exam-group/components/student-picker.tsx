import { Alert, Badge, Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { GroupStudent } from '@/generated/GroupStudent';
import { useStudentSearch } from '../api/members';
import { EXAM_LIMITS, SEARCH_DELAY_MS } from '../exam-dict';

export interface StudentPickerProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The group whose members the search marks (inGroup), if any. */
  groupId?: number | null;
  /** Why a student found cannot be picked (already in), or null; by default the group's members. */
  taken?: (student: GroupStudent) => string | null;
  submitLabel?: string;
  busy?: boolean;
  /** The students picked; resolves when they are added (the dialog closes). */
  onSubmit: (studentIds: number[]) => Promise<unknown>;
}

const inGroup = (s: GroupStudent) => (s.inGroup ? '已在分组' : null);

/**
 * Students of my schools found by name or code as the user types (debounced); those already in
 * are marked and cannot be picked. Picks are kept from search to search until 添加.
 */
export function StudentPicker({ opened, onClose, title, ...body }: StudentPickerProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      {opened && <PickerBody {...body} />}
    </Modal>
  );
}

function PickerBody({
  groupId = null,
  taken = inGroup,
  submitLabel = '添加',
  busy = false,
  onSubmit,
}: Omit<StudentPickerProps, 'opened' | 'onClose' | 'title'>) {
  const [text, setText] = useState('');
  const [keyword] = useDebouncedValue(text, SEARCH_DELAY_MS);
  const search = useStudentSearch(keyword, groupId);
  const [picked, setPicked] = useState<ReadonlyMap<number, GroupStudent>>(new Map());
  const found = keyword.trim() ? (search.data ?? []) : [];
  const free = found.filter((s) => taken(s) === null);
  const allPicked = free.length > 0 && free.every((s) => picked.has(s.studentId));

  const toggle = (students: GroupStudent[], on: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      for (const s of students) {
        if (on) next.set(s.studentId, s);
        else next.delete(s.studentId);
      }
      return next;
    });

  const tooMany = picked.size > EXAM_LIMITS.batch;
  return (
    <Stack gap="sm">
      <TextInput
        label="搜索学生"
        placeholder="学生姓名或学号"
        maxLength={32}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        data-autofocus
      />
      {search.isError && (
        <Alert color="red" role="alert">
          {search.error.message}
        </Alert>
      )}
      {keyword.trim() === '' ? (
        <Text size="sm" c="dimmed">
          输入学生姓名或学号查找本校区的学生
        </Text>
      ) : search.isPending ? (
        <Text size="sm" c="dimmed">
          正在查找…
        </Text>
      ) : found.length === 0 ? (
        <Text size="sm" c="dimmed">
          没有找到学生
        </Text>
      ) : (
        <Table aria-label="查找结果" verticalSpacing={4} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="全选查找结果"
                  checked={allPicked}
                  disabled={free.length === 0}
                  onChange={(e) => toggle(free, e.currentTarget.checked)}
                />
              </Table.Th>
              <Table.Th>姓名</Table.Th>
              <Table.Th>学号</Table.Th>
              <Table.Th>年级</Table.Th>
              <Table.Th>校区</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {found.map((s) => {
              const why = taken(s);
              return (
                <Table.Tr key={s.studentId} aria-label={s.studentName}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`选择 ${s.studentName}`}
                      checked={why === null && picked.has(s.studentId)}
                      disabled={why !== null}
                      onChange={(e) => toggle([s], e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <span>{s.studentName}</span>
                      {why && (
                        <Badge size="xs" variant="light" color="gray">
                          {why}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{s.studentCode}</Table.Td>
                  <Table.Td>{s.grade || '-'}</Table.Td>
                  <Table.Td>{s.schoolName || '-'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between">
        <Text size="sm" c={tooMany ? 'red' : 'dimmed'}>
          {tooMany ? `每次最多${EXAM_LIMITS.batch}名学生` : `已选 ${picked.size} 名`}
        </Text>
        <Button
          onClick={() => void onSubmit([...picked.keys()]).catch(() => undefined)}
          disabled={picked.size === 0 || tooMany}
          loading={busy}
        >
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
