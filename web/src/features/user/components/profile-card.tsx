import { Avatar, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { orDash } from '@/lib/format';
import { useTeacherInfo } from '../api/teacher-info';

/** The teacher's profile card at the top of the user menu (roles teacher and tutor_online). */
export function ProfileCard() {
  const query = useTeacherInfo();
  const info = query.data ?? null;
  const failed = query.isError;

  if (failed)
    return (
      <Text size="sm" c="dimmed" p="sm">
        教师信息加载失败
      </Text>
    );
  if (!info)
    return (
      <Group justify="center" p="md">
        <Loader size="sm" />
      </Group>
    );

  const rows: [string, string | null][] = [
    ['工号', info.teacherCode],
    ['邮箱', info.email],
    ['所属校区', info.schoolName],
    ['主讲科目', info.subjectDesc],
    ['入职日期', info.joinDate],
    ['教师级别', info.teacherLevel],
    ['司龄', info.divisionAgeDesc],
    ['教龄', info.schoolAgeDesc],
  ];
  return (
    <Stack gap="xs" p="sm" aria-label="教师信息">
      <Group gap="sm">
        <Avatar src={info.avatar} alt={info.name} radius="xl" />
        <Text fw={600}>{info.name}</Text>
      </Group>
      <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
        {rows.map(([label, value]) => (
          <Text key={label} size="xs">
            <Text span c="dimmed" size="xs">
              {label}：
            </Text>
            {orDash(value)}
          </Text>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
