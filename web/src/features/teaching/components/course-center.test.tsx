import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { classRow, pageOf } from '../test-helpers';
import { CourseCenter } from './course-center';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/teaching/classes';

function server(rows = [classRow(57)]) {
  return mockFetch([['POST', PATH, () => envelope(pageOf(rows))]]);
}

describe('课程中心', () => {
  it('班课 lists my classes of type 3, ongoing first, and their state can be picked', async () => {
    const fetch = server();
    render(<CourseCenter kind="classes" title="班课" />, { route: '/courseCenter/classes' });
    const table = await screen.findByRole('table', { name: '班课' });
    const row = await within(table).findByRole('row', { name: '高一数学精品班' });
    expect(within(row).getByRole('link', { name: '高一数学精品班' })).toHaveAttribute(
      'href',
      '/easyServer/myClasses/myClassesDetail/57',
    );
    expect(row).toHaveTextContent('12');
    expect(row).toHaveTextContent('10/16');
    expect(row).toHaveTextContent('北京海淀校区 / 五道口教学点');
    expect(within(row).getByRole('link', { name: '学情报告' })).toHaveAttribute(
      'href',
      '/easyServer/classStudySituationReport?classId=57',
    );
    expect(within(row).getByRole('link', { name: '总结报告' })).toHaveAttribute(
      'href',
      '/easyServer/classSummaryReport?classId=57',
    );
    expect(bodiesOf(fetch, PATH)).toEqual([{ classType: 3, state: 'ongoing', pageNo: 1, pageSize: 30 }]);

    await userEvent.click(screen.getByRole('radio', { name: '已结课' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, PATH).at(-1)).toEqual({ classType: 3, state: 'finished', pageNo: 1, pageSize: 30 }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: '关键词' }), '精品{Enter}');
    await waitFor(() =>
      expect(bodiesOf(fetch, PATH).at(-1)).toEqual({
        keyword: '精品',
        classType: 3,
        state: 'finished',
        pageNo: 1,
        pageSize: 30,
      }),
    );
  });

  it('links the four pages of the course centre, the current one marked', async () => {
    server();
    render(<CourseCenter kind="high" title="小组课" />, { route: '/courseCenter/high' });
    const nav = screen.getByRole('navigation', { name: '课程中心' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['班课', '/courseCenter/classes'],
      ['个性化课程', '/courseCenter/vips'],
      ['小组课', '/courseCenter/high'],
      ['历史课程', '/courseCenter/vipsHistory'],
    ]);
    expect(within(nav).getByRole('link', { name: '小组课' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('table', { name: '小组课' })).toBeInTheDocument();
  });

  it('个性化课程 lists the one-on-one courses still running, without a class size or state to pick', async () => {
    const fetch = server([classRow(88, { name: '王小明（一对一·数学）', classType: 1, classTypeName: '一对一' })]);
    render(<CourseCenter kind="vips" title="个性化课程" />, { route: '/courseCenter/vips' });
    const table = await screen.findByRole('table', { name: '个性化课程' });
    expect(await within(table).findByRole('row', { name: '王小明（一对一·数学）' })).toBeInTheDocument();
    expect(bodiesOf(fetch, PATH)).toEqual([{ classType: 1, state: 'ongoing', pageNo: 1, pageSize: 30 }]);
    expect(screen.queryByRole('radiogroup', { name: '课程状态' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: /^在班学生/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /^下次上课/ })).toBeInTheDocument();
  });

  it('历史课程 lists the finished one-on-one courses, with their last lesson and no next one', async () => {
    const fetch = server([classRow(89, { name: '李小红（一对一·英语）', classType: 1, nextLessonTime: 0 })]);
    render(<CourseCenter kind="vipsHistory" title="历史课程" />, { route: '/courseCenter/vipsHistory' });
    const table = await screen.findByRole('table', { name: '历史课程' });
    expect(await within(table).findByRole('row', { name: '李小红（一对一·英语）' })).toHaveTextContent('2026-12-19');
    expect(bodiesOf(fetch, PATH)).toEqual([{ classType: 1, state: 'finished', pageNo: 1, pageSize: 30 }]);
    expect(within(table).getByRole('columnheader', { name: /^结课日期/ })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: /^下次上课/ })).not.toBeInTheDocument();
  });

  it('says so when nothing is found', async () => {
    server([]);
    render(<CourseCenter kind="high" title="小组课" />, { route: '/courseCenter/high' });
    expect(await screen.findByText('暂无小组课')).toBeInTheDocument();
  });
});
