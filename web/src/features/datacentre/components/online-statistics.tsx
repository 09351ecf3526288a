import { Group, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { OnlineClassRow } from '@/generated/OnlineClassRow';
import type { OnlineStatRow } from '@/generated/OnlineStatRow';
import type { OnlineStudentLessonRow } from '@/generated/OnlineStudentLessonRow';
import { shownDcFilters } from '../dc-search';
import { useDcSearch } from '../dc-search-store';
import {
  classOf,
  DEFAULT_ONLINE_LEVEL,
  isOnlineLevel,
  lessonOf,
  ONLINE_FILTERS,
  ONLINE_LEVELS,
  type OnlineClassRef,
  type OnlineLessonRef,
  type OnlineLevel,
  type OnlineScreenDef,
} from '../online-reports';
import type { ExportReport } from '../report-export';
import type { CellLinks } from '../table-cells';
import { FilterBar } from './filter-bar';
import { OnlineDrawers } from './online-drawers';
import { ReportTable } from './report-table';

type OnlineTab = 'stat' | 'studentLessons' | 'classes' | 'quits';

const TABS: readonly { tab: OnlineTab; label: string }[] = [
  { tab: 'stat', label: '统计' },
  { tab: 'studentLessons', label: '学员课次' },
  { tab: 'classes', label: '班级明细' },
  { tab: 'quits', label: '退班记录' },
];

export interface OnlineStatisticsProps {
  screen: OnlineScreenDef;
  exportReport: ExportReport;
}

/** A row's class and lesson cells: the class (code and name) opens the class, the lesson's name the lesson. */
function rowLinks<T extends { classId: number; classCode: string; className: string }>(
  openClass: (c: OnlineClassRef) => void,
): CellLinks<T> {
  const open = (r: T) => {
    const c = classOf(r);
    return c && (() => openClass(c));
  };
  return { classCode: open, className: open };
}

function lessonLink<T extends { lessonId: number; lessonName: string }>(
  openLesson: (l: OnlineLessonRef) => void,
): CellLinks<T> {
  return {
    lessonName: (r) => {
      const l = lessonOf(r);
      return l && (() => openLesson(l));
    },
  };
}

/**
 * An online (live) class statistics screen (02 §2 onlineMainTeacherStat, onlineAuxiliaryStat;
 * §3.4): under the data-centre filters, 统计 at a level (老师 / 班级 / 课次 / 校区 / 小组),
 * 学员课次, 班级明细 and 退班记录, each read a page at a time. A class's code or name opens its
 * drawer, a lesson's name the lesson's. Only the open tab reads.
 */
export function OnlineStatistics({ screen, exportReport }: OnlineStatisticsProps) {
  const search = shownDcFilters(useDcSearch(), ONLINE_FILTERS);
  const [tab, setTab] = useState<OnlineTab>('stat');
  const [level, setLevel] = useState<OnlineLevel>(DEFAULT_ONLINE_LEVEL);
  const [openedClass, setOpenedClass] = useState<OnlineClassRef | null>(null);
  const [openedLesson, setOpenedLesson] = useState<OnlineLessonRef | null>(null);

  const statLinks: CellLinks<OnlineStatRow> = {
    ...rowLinks<OnlineStatRow>(setOpenedClass),
    ...lessonLink<OnlineStatRow>(setOpenedLesson),
  };
  const classLinks = rowLinks<OnlineClassRow>(setOpenedClass);
  const studentLessonLinks = lessonLink<OnlineStudentLessonRow>(setOpenedLesson);

  return (
    <Stack p="md" gap="md">
      <Title order={4}>{screen.title}</Title>
      <FilterBar fields={ONLINE_FILTERS} />
      <Tabs value={tab} onChange={(v) => setTab(TABS.find((t) => t.tab === v)?.tab ?? 'stat')} keepMounted={false}>
        <Tabs.List aria-label="直播课统计">
          {TABS.map((t) => (
            <Tabs.Tab key={t.tab} value={t.tab}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="stat" pt="sm">
          <Stack gap="sm">
            <Group gap="xs">
              <Text size="sm">统计维度</Text>
              <SegmentedControl
                size="sm"
                aria-label="统计维度"
                data={ONLINE_LEVELS.map((l) => ({ value: l.level, label: l.label }))}
                value={level}
                onChange={(v) => {
                  if (isOnlineLevel(v)) setLevel(v);
                }}
              />
            </Group>
            <ReportTable
              key={level}
              report={screen.stat[level]}
              search={search}
              exportReport={exportReport}
              links={statLinks}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="studentLessons" pt="sm">
          <ReportTable
            report={screen.studentLessons}
            search={search}
            exportReport={exportReport}
            links={studentLessonLinks}
          />
        </Tabs.Panel>
        <Tabs.Panel value="classes" pt="sm">
          <ReportTable report={screen.classes} search={search} exportReport={exportReport} links={classLinks} />
        </Tabs.Panel>
        <Tabs.Panel value="quits" pt="sm">
          <ReportTable report={screen.quits} search={search} exportReport={exportReport} />
        </Tabs.Panel>
      </Tabs>
      <OnlineDrawers
        openedClass={openedClass}
        openedLesson={openedLesson}
        onOpenLesson={setOpenedLesson}
        onCloseClass={() => setOpenedClass(null)}
        onCloseLesson={() => setOpenedLesson(null)}
      />
    </Stack>
  );
}
