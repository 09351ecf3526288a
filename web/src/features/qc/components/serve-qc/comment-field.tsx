import { Button, Group, Menu, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useFastComments } from '../../api/fast-comments';
import { COMMENT_MAX_CHARS, withQuickComment } from '../../check-form';
import { FastCommentManager } from './fast-comment-manager';

export interface CommentFieldProps {
  value: string;
  onChange: (value: string) => void;
  required: boolean;
  error?: string;
}

/** 质检评语 with the inspector's quick comments to add, and their manager. */
export function CommentField({ value, onChange, required, error }: CommentFieldProps) {
  const comments = useFastComments().data ?? [];
  const [managing, setManaging] = useState(false);
  return (
    <Stack gap={4}>
      <Textarea
        label="质检评语"
        placeholder={required ? '不合格时必填' : '选填'}
        withAsterisk={required}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={COMMENT_MAX_CHARS}
        value={value}
        error={error}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Menu position="bottom-start" withinPortal shadow="md">
          <Menu.Target>
            <Button size="compact-xs" variant="light">
              快捷评语
            </Button>
          </Menu.Target>
          <Menu.Dropdown maw={360}>
            {comments.length === 0 ? (
              <Menu.Label>暂无快捷评语</Menu.Label>
            ) : (
              comments.map((c) => (
                <Menu.Item key={c.id} onClick={() => onChange(withQuickComment(value, c.content))}>
                  {c.content}
                </Menu.Item>
              ))
            )}
          </Menu.Dropdown>
        </Menu>
        <Button size="compact-xs" variant="subtle" onClick={() => setManaging(true)}>
          管理快捷评语
        </Button>
      </Group>
      <FastCommentManager opened={managing} onClose={() => setManaging(false)} />
    </Stack>
  );
}
