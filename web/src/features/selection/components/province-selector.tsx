import { Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useRegionInfo, useSelectProvince } from '../api/select';
import classes from './selectors.module.css';

export interface ProvinceSelectorProps {
  subject: number | undefined;
}

/** The province picker; the area data reloads when the subject or the province changes. */
export function ProvinceSelector({ subject }: ProvinceSelectorProps) {
  // A failed read offers no areas (the button is disabled).
  const region = useRegionInfo(subject).data ?? null;
  const [opened, setOpened] = useState(false);
  const select = useSelectProvince();

  // A failure: the API client has shown the error.
  const choose = (code: string, name: string) => {
    setOpened(false);
    select.mutate({ code, name });
  };

  const label = region?.selectedProvince.name ?? '选择省份';
  const areas = region?.paperAreas ?? [];

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withinPortal width={360}>
      <Popover.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={areas.length === 0}
          onClick={() => setOpened((o) => !o)}
          aria-label={`省份：${label}`}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {areas.map((area) => (
            <div key={area.name}>
              <Text size="xs" c="dimmed" mb={4}>
                {area.name}
              </Text>
              <Group gap={4}>
                {area.provinces.map((p) => (
                  <UnstyledButton
                    key={p.k12Code}
                    className={classes.option}
                    data-active={p.selected || undefined}
                    aria-pressed={p.selected}
                    onClick={() => choose(p.k12Code, p.name)}
                  >
                    <Text size="sm">{p.name}</Text>
                  </UnstyledButton>
                ))}
              </Group>
            </div>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
