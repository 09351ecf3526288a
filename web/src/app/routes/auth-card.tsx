import { Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import logo from '@/assets/logo.svg';
import classes from './login.module.css';

export interface AuthCardProps {
  /** The page's own heading under the product's (注册账号, 重置密码, …); none on the login page. */
  heading?: string;
  width?: number;
  children: ReactNode;
}

/** The frame of the pages outside the shell (login, registration, password reset, set-up). */
export function AuthCard({ heading, width = 400, children }: AuthCardProps) {
  return (
    <Center className={classes.root} py="xl">
      <Paper withBorder shadow="md" p="xl" radius="lg" w={width}>
        <Stack gap="lg">
          <Group gap="sm" justify="center">
            <Image src={logo} alt="EduHub" w={36} h={36} />
            <div>
              <Title order={3}>EduHub 教研工作台</Title>
              <Text size="xs" c="dimmed">
                教师与教研人员的一站式工作平台
              </Text>
            </div>
          </Group>
          {heading && (
            <Title order={4} ta="center">
              {heading}
            </Title>
          )}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
