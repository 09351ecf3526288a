import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { JoinedCamp } from '@/generated/JoinedCamp';
import type { JoinInfo } from '@/generated/JoinInfo';
import { useJoinCamp } from '../api/student';
import { isLive } from '../camp-dict';

export interface JoinFormProps {
  token: string;
  info: JoinInfo;
  /** Why the member must join again (the token kept no longer works). */
  notice?: string | null;
  onJoined: (joined: JoinedCamp) => void;
}

/** 加入学习营: the camp the link is for, and the student's code and name (the API says if they do not match). */
export function JoinForm({ token, info, notice = null, onJoined }: JoinFormProps) {
  const [studentCode, setCode] = useState('');
  const [studentName, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const join = useJoinCamp();
  const live = isLive(info.status);
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!studentCode.trim() || !studentName.trim()) {
      setError('请填写学号和姓名');
      return;
    }
    setError(null);
    join.mutate(
      { token, studentCode: studentCode.trim(), studentName: studentName.trim() },
      { onSuccess: onJoined, onError: (e) => setError(e.message) },
    );
  };
  return (
    <Card withBorder padding="lg" radius="md">
      <form onSubmit={submit} aria-label="加入学习营">
        <Stack gap="sm">
          <Title order={3}>{info.campName}</Title>
          {info.description && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {info.description}
            </Text>
          )}
          <Text size="sm">
            老师：{info.teacherName}
            {info.dpName ? ` · ${info.dpName}` : ''}
          </Text>
          {notice && (
            <Text size="sm" c="orange">
              {notice}
            </Text>
          )}
          {!live ? (
            <Text c="orange" role="alert">
              营地{info.statusName}，暂时不能加入。
            </Text>
          ) : (
            <>
              <TextInput
                label="学号"
                withAsterisk
                maxLength={32}
                autoComplete="off"
                value={studentCode}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
              <TextInput
                label="姓名"
                withAsterisk
                maxLength={32}
                autoComplete="name"
                value={studentName}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              {error && (
                <Text size="sm" c="red" role="alert">
                  {error}
                </Text>
              )}
              <Button type="submit" size="md" loading={join.isPending} fullWidth>
                加入学习营
              </Button>
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
}
