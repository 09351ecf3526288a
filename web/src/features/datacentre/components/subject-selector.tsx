import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { useState } from 'react';
import { useDictPrepare } from '../api/dict';
import { ALL_VALUE, pickWithAll } from '../all-option';
import { setDcSubjects, useDcSearch } from '../dc-search-store';

const ALL_SUBJECTS = '全部学科';

/** The button's text: 全部学科, the chosen names, or how many when there are many. */
function subjectsLabel(chosen: readonly string[], names: ReadonlyMap<string, string>): string {
  if (chosen.includes(ALL_VALUE) || chosen.length === 0) return ALL_SUBJECTS;
  if (chosen.length > 2) return `已选${chosen.length}个学科`;
  return chosen.map((c) => names.get(c) ?? c).join('、');
}

/**
 * The data centre header's subject selector (02 §1, §3.1): the subjects searched, codes 53–62
 * with the names of /dict/prepare, 全部学科 by default. A choice applies at once.
 */
export function SubjectSelector() {
  const [opened, setOpened] = useState(false);
  const subjects = useDictPrepare().data?.subjects ?? [];
  const chosen = useDcSearch().subjects.map(String);
  const names = new Map(subjects.map((s) => [s.code, s.name]));
  const label = subjectsLabel(chosen, names);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withinPortal shadow="md">
      <Popover.Target>
        <Button variant="subtle" size="compact-sm" onClick={() => setOpened((o) => !o)} aria-label={`学科：${label}`}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label="学科"
          value={chosen}
          onChange={(next) => setDcSubjects(pickWithAll(chosen, next).map(Number))}
        >
          <Stack gap={6} mt={6}>
            <Checkbox size="xs" value={ALL_VALUE} label={ALL_SUBJECTS} />
            {subjects.map((s) => (
              <Checkbox key={s.code} size="xs" value={s.code} label={s.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
