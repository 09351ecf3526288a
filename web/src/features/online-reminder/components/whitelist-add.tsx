import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { OnlineWhitelistAdded } from '@/generated/OnlineWhitelistAdded';
import { useAddToWhitelist } from '../api/whitelist';
import { emailsError, MAX_WHITELIST_BATCH, parseEmails } from '../reminder-rules';

function AddResult({ result }: { result: OnlineWhitelistAdded }) {
  return (
    <Alert
      color={result.unknown.length > 0 ? 'yellow' : 'green'}
      variant="light"
      title="添加结果"
      role="status"
      aria-label="添加结果"
    >
      <Stack gap={4}>
        <Text size="sm">
          已添加 {result.added} 人，已在名单 {result.already} 人
          {result.unknown.length > 0 ? `，${result.unknown.length} 个邮箱未找到账号` : ''}
        </Text>
        {result.unknown.length > 0 && <Text size="sm">未找到账号：{result.unknown.join('、')}</Text>}
      </Stack>
    </Alert>
  );
}

/** 添加: staff by e-mail onto a kind's whitelist, and what the addition did. */
export function WhitelistAdd({ reminderType }: { reminderType: number }) {
  const add = useAddToWhitelist();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<OnlineWhitelistAdded | null>(null);

  const submit = () => {
    const emails = parseEmails(text);
    const problem = emailsError(emails);
    setError(problem);
    if (problem) return;
    setResult(null);
    add.mutate(
      { reminderType, emails },
      {
        onSuccess: (added) => {
          setResult(added);
          setText('');
        },
      },
    );
  };

  return (
    <Stack gap="xs" component="section" aria-label="添加员工">
      <Textarea
        label="员工邮箱"
        description={`每行一个，或用逗号、空格、分号分隔，一次最多 ${MAX_WHITELIST_BATCH} 个`}
        autosize
        minRows={3}
        maxRows={8}
        value={text}
        error={error}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setError(null);
        }}
      />
      <Group>
        <Button onClick={submit} loading={add.isPending}>
          添加
        </Button>
      </Group>
      {result && <AddResult result={result} />}
    </Stack>
  );
}
