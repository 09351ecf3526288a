import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { formatDate } from '@/lib/format';
import { useSchedule } from '../api/schedule';
import {
  isScheduleView,
  monthWeeks,
  ofClassType,
  parseDay,
  SCHEDULE_VIEWS,
  type ScheduleView,
  scheduleSpan,
  shiftAnchor,
  spanRequest,
  spanTitle,
  startOfDay,
  weekDays,
} from '../calendar';
import { CLASS_TYPES } from '../teaching-dict';
import { Loading } from './loading';
import { ScheduleList } from './schedule-list';
import { ScheduleMonth } from './schedule-month';
import { ScheduleWeek } from './schedule-week';

const ALL_TYPES = 'all';
const TYPE_OPTIONS = [
  { value: ALL_TYPES, label: '全部' },
  ...CLASS_TYPES.map((t) => ({ value: String(t.value), label: t.label })),
];

/** The class type of the URL (`type`), null for every type. */
function classTypeOf(value: string | null): number | null {
  const type = CLASS_TYPES.find((t) => String(t.value) === value);
  return type ? type.value : null;
}

/**
 * 我的课表 (/easyServer/mySchedule/myScheduleList): my offline and online lessons as a week
 * (Monday to Sunday, the default), a month's grid or a month's list; back, today and forward;
 * a class-type filter. A lesson opens its page. The view, the day shown and the type are in the
 * URL (`view`, `date`, `type`), so coming back shows the same days.
 */
export function MySchedule() {
  const [params, setParams] = useSearchParams();
  const today = startOfDay(new Date());
  const viewParam = params.get('view');
  const view: ScheduleView = isScheduleView(viewParam) ? viewParam : 'week';
  const anchor = parseDay(params.get('date')) ?? today;
  const classType = classTypeOf(params.get('type'));
  const span = scheduleSpan(view, anchor);
  const query = useSchedule(spanRequest(span));
  const lessons = ofClassType(query.data ?? [], classType);

  const update = (patch: { view?: ScheduleView; date?: Date; type?: string }) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (patch.view) next.set('view', patch.view);
        if (patch.date) next.set('date', formatDate(patch.date));
        if (patch.type !== undefined) {
          if (patch.type === ALL_TYPES) next.delete('type');
          else next.set('type', patch.type);
        }
        return next;
      },
      { replace: true },
    );
  const unit = view === 'week' ? '周' : '个月';

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between" align="center">
        <Title order={4}>我的课表</Title>
        <Group gap="sm">
          <SegmentedControl
            size="xs"
            aria-label="课程类型"
            data={TYPE_OPTIONS}
            value={classType === null ? ALL_TYPES : String(classType)}
            onChange={(type) => update({ type })}
          />
          <SegmentedControl
            size="xs"
            aria-label="视图"
            data={[...SCHEDULE_VIEWS]}
            value={view}
            onChange={(v) => update({ view: isScheduleView(v) ? v : 'week' })}
          />
        </Group>
      </Group>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => update({ date: shiftAnchor(view, anchor, -1) })}>
          上一{unit}
        </Button>
        <Button size="xs" variant="default" onClick={() => update({ date: today })}>
          今天
        </Button>
        <Button size="xs" variant="default" onClick={() => update({ date: shiftAnchor(view, anchor, 1) })}>
          下一{unit}
        </Button>
        <Text fw={600} ml="sm" aria-live="polite" aria-label="日期范围">
          {spanTitle(view, anchor)}
        </Text>
        {query.data && (
          <Text size="sm" c="dimmed">
            共 {lessons.length} 节课
          </Text>
        )}
      </Group>
      {query.isPending ? (
        <Loading />
      ) : view === 'week' ? (
        <ScheduleWeek days={weekDays(anchor, lessons, today)} />
      ) : view === 'month' ? (
        <ScheduleMonth
          weeks={monthWeeks(anchor, lessons, today)}
          onOpenDay={(date) => update({ view: 'week', date })}
        />
      ) : (
        <ScheduleList lessons={lessons} fetching={query.isFetching} />
      )}
    </Stack>
  );
}
