import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { classReportPath, type ClassReportKind } from '../teaching-paths';

const REPORTS: readonly { kind: ClassReportKind; label: string }[] = [
  { kind: 'study', label: '班级学情报告' },
  { kind: 'summary', label: '班级总结报告' },
];

/** Links to a class's reports (all but `current`, the report shown). */
export function ClassReportLinks({ classId, current }: { classId: number; current?: ClassReportKind }) {
  return (
    <Group gap="xs">
      {REPORTS.filter((r) => r.kind !== current).map((r) => (
        <Button key={r.kind} component={Link} to={classReportPath(r.kind, classId)} size="xs" variant="light">
          {r.label}
        </Button>
      ))}
    </Group>
  );
}
