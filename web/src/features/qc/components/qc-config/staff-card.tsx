import { Anchor, Loader, Popover, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import type { StaffBrief } from '@/generated/StaffBrief';
import { formatInstant, formatText } from '@/lib/report-format';
import { useStaffInfo } from '../../api/staff';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xs">{formatText(value)}</Text>
    </>
  );
}

function StaffInfoBody({ userId }: { userId: number }) {
  const query = useStaffInfo(userId);
  const info = query.data;
  if (!info) return query.isFetching ? <Loader size="xs" aria-label="加载中" /> : null;
  return (
    <SimpleGrid cols={2} spacing={4} verticalSpacing={2} aria-label={`${info.name}的信息`}>
      <Line label="姓名" value={info.name} />
      <Line label="邮箱" value={info.email} />
      <Line label="学校" value={info.schoolName} />
      <Line label="校区" value={info.areaName} />
      <Line label="部门" value={info.deptName} />
      <Line label="角色" value={info.roles.map((r) => r.name).join('、')} />
      <Line label="项目组" value={info.groupName} />
      <Line label="质检组" value={info.qcGroupName} />
      <Line label="教龄起始" value={formatInstant(info.teachingSince).slice(0, 10)} />
      <Line label="入职时间" value={formatInstant(info.hiredAt).slice(0, 10)} />
    </SimpleGrid>
  );
}

/** A staff member's name that shows their record (`getTeacherInfo`) when clicked. */
export function StaffName({ staff }: { staff: StaffBrief }) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} width={320} withinPortal shadow="md" position="bottom-start">
      <Popover.Target>
        <Anchor component="button" type="button" size="sm" onClick={() => setOpened((o) => !o)}>
          {staff.name}
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown>{opened && <StaffInfoBody userId={staff.userId} />}</Popover.Dropdown>
    </Popover>
  );
}
