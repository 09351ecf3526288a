import { Anchor, Badge, Button, Center, Group, Paper, Progress, Stack, Text, Timeline, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Loading } from '@/features/teaching/components/loading';
import { StatCards } from '@/components/stat-cards';
import { ErrorCode } from '@/generated/codes';
import type { ClassPlanReport } from '@/generated/ClassPlanReport';
import { isApiError } from '@/lib/api-client';
import { formatDay, formatInstant } from '@/lib/report-format';
import { usePlanReport } from '../api/report';
import { lessonNo, PLAN_CONFIRMED, rateText } from '../class-plan-dict';
import { classPlanPath } from '../class-plan-paths';
import { PlanHeader } from './plan-header';
import classes from './plan-report.module.css';

/** The items as a timeline: carried out with their day, the next to come highlighted. */
function ItemTimeline({ report }: { report: ClassPlanReport }) {
  const { items } = report.plan;
  const upcoming = new Set(report.upcoming.map((i) => i.position));
  const done = items.filter((i) => i.lesson).length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="课程安排">
      <Stack gap="sm">
        <Title order={5}>课程安排</Title>
        {items.length === 0 ? (
          <Text c="dimmed" size="sm">
            还没有安排课次
          </Text>
        ) : (
          <Timeline active={done - 1} bulletSize={18} lineWidth={2} aria-label="课次" component="ol">
            {items.map((item, i) => {
              const next = upcoming.has(item.position);
              return (
                <Timeline.Item
                  key={item.position}
                  component="li"
                  aria-label={lessonNo(i)}
                  data-state={item.lesson ? 'done' : next ? 'next' : 'planned'}
                  title={
                    <Group gap="xs">
                      <Text fw={600} size="sm">
                        {lessonNo(i)} · {item.title}
                      </Text>
                      {item.lesson ? (
                        <Badge color="green" variant="light" size="sm">
                          已上课 {formatDay(item.lesson.startAt)}
                        </Badge>
                      ) : next ? (
                        <Badge color="blue" variant="filled" size="sm">
                          即将上课
                        </Badge>
                      ) : null}
                    </Group>
                  }
                  color={next ? 'blue' : undefined}
                >
                  {item.points.length > 0 && (
                    <Text size="xs" c="dimmed">
                      知识点：{item.points.map((p) => p.name).join('、')}
                    </Text>
                  )}
                  {item.note && (
                    <Text size="xs" c="dimmed">
                      备注：{item.note}
                    </Text>
                  )}
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}

/** The report drawn from its figures. */
export function PlanReportView({ report }: { report: ClassPlanReport }) {
  const { plan, attendance } = report;
  const pkg = plan.package;
  const done = plan.items.filter((i) => i.lesson).length;
  const progress = report.progressRate < 0 ? 0 : report.progressRate;
  return (
    <Stack gap="md" className={classes.report}>
      <Group justify="space-between">
        <Title order={3}>规划报告</Title>
        <Group gap="sm" className={classes.noPrint}>
          {plan.canEdit && (
            <Button component={Link} to={classPlanPath(pkg.packageId)} size="xs" variant="light">
              编辑课程计划
            </Button>
          )}
          <Button size="xs" onClick={() => window.print()}>
            打印
          </Button>
        </Group>
      </Group>
      <PlanHeader plan={plan} listLink={false} />
      <Paper withBorder p="md" radius="md" component="section" aria-label="课程目标">
        <Stack gap="xs">
          <Title order={5}>课程目标</Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {plan.goal || '-'}
          </Text>
          {plan.status === PLAN_CONFIRMED && plan.confirmedAt ? (
            <Text size="xs" c="dimmed">
              计划于 {formatInstant(plan.confirmedAt)} 确认
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              计划尚未确认
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <StatCards
            title="学习进度"
            busy={false}
            cols={{ base: 2, sm: 4 }}
            items={[
              { label: '已完成课次', value: `${done}/${plan.items.length}` },
              { label: '完成率', value: rateText(report.progressRate) },
              { label: '已上/总课时', value: `${pkg.usedLessons}/${pkg.totalLessons}` },
              { label: '剩余课时', value: String(report.remainingLessons) },
            ]}
          />
          <Progress value={progress} size="lg" radius="xl" aria-label="计划完成进度" />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <StatCards
          title="出勤情况"
          busy={false}
          cols={{ base: 2, sm: 5 }}
          items={[
            { label: '出勤', value: String(attendance.present) },
            { label: '迟到', value: String(attendance.late) },
            { label: '缺勤', value: String(attendance.absent) },
            { label: '请假', value: String(attendance.leave) },
            { label: '出勤率', value: rateText(attendance.attendanceRate) },
          ]}
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <StatCards
          title="知识点"
          busy={false}
          cols={{ base: 2, sm: 2 }}
          items={[
            { label: '计划知识点', value: String(report.plannedPoints) },
            { label: '已覆盖知识点', value: String(report.coveredPoints) },
          ]}
        />
      </Paper>
      <ItemTimeline report={report} />
    </Stack>
  );
}

/**
 * 规划报告 (/easyServer/planReport?packageId=): the plan of a package for the family — the goal,
 * progress, attendance, knowledge points and the lessons as a timeline; printable. A package
 * without a plan says so, with the way to make one.
 */
export function PlanReport({ packageId }: { packageId: number }) {
  const query = usePlanReport(packageId);
  if (query.isPending) return <Loading />;
  if (query.isError) {
    const noPlan = isApiError(query.error, ErrorCode.NotFound) && query.error.status === 404;
    return (
      <Center p="xl">
        <Stack align="center" gap="sm">
          <Text c="dimmed" role="alert">
            {query.error.message}
          </Text>
          {noPlan && (
            <Anchor component={Link} to={classPlanPath(packageId)}>
              去制定课程计划
            </Anchor>
          )}
        </Stack>
      </Center>
    );
  }
  return (
    <Stack p="md" gap="md">
      <PlanReportView report={query.data} />
    </Stack>
  );
}
