import { Button, Group, TextInput } from '@mantine/core';
import { type SyntheticEvent, type ReactNode, useState } from 'react';

export interface KeywordSearchProps {
  /** What the keyword matches, the input's placeholder. */
  placeholder: string;
  /** The keyword searched. */
  value: string;
  onSearch: (keyword: string) => void;
  /** Other filters, before the keyword. */
  children?: ReactNode;
}

/** A list's filters: the others (applied when changed) and a keyword applied by 查询 or Enter. */
export function KeywordSearch({ placeholder, value, onSearch, children }: KeywordSearchProps) {
  const [draft, setDraft] = useState(value);
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form onSubmit={submit} role="search" aria-label="筛选条件">
      <Group gap="sm" align="flex-end">
        {children}
        <TextInput
          size="xs"
          label="关键词"
          placeholder={placeholder}
          maxLength={50}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          w={220}
        />
        <Button size="xs" type="submit">
          查询
        </Button>
      </Group>
    </form>
  );
}
