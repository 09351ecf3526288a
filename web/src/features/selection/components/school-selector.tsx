import { Button, Popover, Stack, UnstyledButton, Text } from '@mantine/core';
import { useState } from 'react';
import type { SchoolRef } from '@/generated/SchoolRef';
import type { UserInfo } from '@/generated/UserInfo';
import { formatSchoolName } from '@/lib/format';
import { useSelectSchool } from '../api/select';
import classes from './selectors.module.css';

export interface SchoolSelectorProps {
  user: UserInfo;
  /** After the school changed (the layout reloads teacher info for teachers). */
  onChanged?: (school: SchoolRef) => void;
}

/** The school popover of data-centre pages; disabled with one school. */
export function SchoolSelector({ user, onChanged }: SchoolSelectorProps) {
  const [opened, setOpened] = useState(false);
  const schools = user.schoolList;
  const current = user.selectedSchool;
  const disabled = schools.length <= 1;
  const select = useSelectSchool();

  const choose = (school: SchoolRef) => {
    setOpened(false);
    if (school.id === current.id) return;
    // A failure: the API client has shown the error.
    select.mutate(school, { onSuccess: () => onChanged?.(school) });
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withinPortal disabled={disabled}>
      <Popover.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={disabled}
          onClick={() => setOpened((o) => !o)}
          aria-label={`校区：${formatSchoolName(current)}`}
        >
          {formatSchoolName(current)}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <Stack gap={0} role="listbox" aria-label="校区">
          {schools.map((s) => (
            <UnstyledButton
              key={s.id}
              role="option"
              aria-selected={s.id === current.id}
              className={classes.option}
              data-active={s.id === current.id || undefined}
              onClick={() => choose(s)}
            >
              <Text size="sm">{formatSchoolName(s)}</Text>
            </UnstyledButton>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
