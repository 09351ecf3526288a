import { Box, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ErrorCode } from '@/generated/codes';
import type { JoinInfo } from '@/generated/JoinInfo';
import { isApiError } from '@/lib/api-client';
import { useJoinInfo, useStudentView } from '../api/student';
import { forgetMemberToken, storedMemberToken, storeMemberToken } from '../member-tokens';
import { JoinForm } from './join-form';
import { StudentCamp } from './student-camp';

function Waiting({ label }: { label: string }) {
  return (
    <Center mih={200}>
      <Loader aria-label={label} />
    </Center>
  );
}

function Problem({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  return (
    <Stack gap="xs" align="center" py="xl" role="alert">
      <Title order={4}>{title}</Title>
      <Text c="dimmed" ta="center">
        {text}
      </Text>
      {onRetry && (
        <Button variant="light" onClick={onRetry}>
          重试
        </Button>
      )}
    </Stack>
  );
}

/** A member token that no longer works (the member or camp is gone, the token is not valid). */
const isTokenGone = (e: unknown) =>
  isApiError(e, ErrorCode.NoPermission) || isApiError(e, ErrorCode.NotFound) || isApiError(e, ErrorCode.LoginExpired);

/** The camp of a link: its view with the member token kept for it, else the join form. */
function CampOfLink({ token, info }: { token: string; info: JoinInfo }) {
  const [memberToken, setMemberToken] = useState(() => storedMemberToken(info.campId));
  const view = useStudentView(memberToken);
  const gone = view.isError && isTokenGone(view.error);
  useEffect(() => {
    if (gone) forgetMemberToken(info.campId);
  }, [gone, info.campId]);

  if (!memberToken || gone) {
    return (
      <JoinForm
        token={token}
        info={info}
        notice={gone ? '登录信息已失效，请重新填写学号和姓名加入。' : null}
        onJoined={(joined) => {
          storeMemberToken(joined.campId, joined.memberToken);
          setMemberToken(joined.memberToken);
        }}
      />
    );
  }
  if (view.isPending) return <Waiting label="正在加载学习营" />;
  if (view.isError) {
    return <Problem title="暂时无法查看学习营" text={view.error.message} onRetry={() => void view.refetch()} />;
  }
  return <StudentCamp view={view.data} memberToken={memberToken} />;
}

/**
 * The students' page of a camp's join link (/campJoin?token=…), no login: join with student code
 * and name unless this browser joined already, then follow the camp. Made for phones.
 */
export function CampJoinPage({ token }: { token: string }) {
  const info = useJoinInfo(token);
  let content;
  if (!token) {
    content = <Problem title="链接无效" text="请扫描老师分享的二维码，或打开完整的加入链接。" />;
  } else if (info.isPending) {
    content = <Waiting label="正在读取链接" />;
  } else if (info.isError) {
    content = (
      <Problem title="无法加入学习营" text={`${info.error.message}。链接可能已过期，请向老师索取新的二维码。`} />
    );
  } else {
    content = <CampOfLink key={info.data.campId} token={token} info={info.data} />;
  }
  return (
    <Box maw={640} mx="auto" px="sm" py="md" component="main">
      {content}
    </Box>
  );
}
