// The 列设置 popover of a table: show or hide each column the user may hide, fix any column on
// the left or the right, and 重置列设置 back to the table's defaults.

import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { ColumnFixed } from './column-settings';
import type { ColumnSettingsState } from './use-column-settings';

export interface SettingsColumn {
  accessor: string;
  title: string;
  toggleable: boolean;
}

const FIXED_OPTIONS = [
  { value: 'none', label: '不固定' },
  { value: 'left', label: '固定在左侧' },
  { value: 'right', label: '固定在右侧' },
];

const toFixed = (value: string): ColumnFixed => (value === 'left' || value === 'right' ? value : null);

function SettingsIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M4 6h16M4 12h16M4 18h16" />
      <circle cx="9" cy="6" r="2" fill="currentColor" />
      <circle cx="15" cy="12" r="2" fill="currentColor" />
      <circle cx="7" cy="18" r="2" fill="currentColor" />
    </svg>
  );
}

export interface ColumnSettingsMenuProps {
  /** The table's name (the button is named `{label}：列设置`). */
  label: string;
  columns: SettingsColumn[];
  state: ColumnSettingsState;
  /** Also forgets resized widths. */
  onReset: () => void;
}

export function ColumnSettingsMenu({ label, columns, state, onReset }: ColumnSettingsMenuProps) {
  const settingOf = (accessor: string) => state.settings.find((s) => s.accessor === accessor);
  return (
    <Popover position="bottom-end" withinPortal shadow="md">
      <Popover.Target>
        <Tooltip label="列设置">
          <ActionIcon variant="subtle" color="gray" aria-label={`${label}：列设置`}>
            <SettingsIcon />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label="显示的列">
          <Text size="xs" c="dimmed">
            显示的列与固定位置（拖动表头边缘调整列宽）
          </Text>
          <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
            <Stack gap={6}>
              {columns.map((c) => {
                const setting = settingOf(c.accessor);
                return (
                  <Group key={c.accessor} gap="xs" justify="space-between" wrap="nowrap">
                    {c.toggleable ? (
                      <Checkbox
                        size="xs"
                        label={c.title}
                        checked={setting?.show ?? true}
                        onChange={(e) => state.setShown(c.accessor, e.currentTarget.checked)}
                      />
                    ) : (
                      <Text size="xs">{c.title}</Text>
                    )}
                    <NativeSelect
                      size="xs"
                      w={110}
                      aria-label={`${c.title}：固定位置`}
                      data={FIXED_OPTIONS}
                      value={setting?.fixed ?? 'none'}
                      onChange={(e) => state.setFixed(c.accessor, toFixed(e.currentTarget.value))}
                    />
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
          <Button size="compact-xs" variant="default" onClick={onReset}>
            重置列设置
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
