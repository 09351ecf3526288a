import { describe, expect, it } from 'vitest';
import type { SchoolTeams } from '@/generated/SchoolTeams';
import { DEFAULT_MEMBER_FILTERS, NO_TEAM, teamChoices, teamName, toMemberSearch } from './member-search';

const team = (id: number, name: string, schoolId: number) => ({
  id,
  name,
  schoolId,
  schoolName: '',
  remark: '',
  memberCount: 0,
});

const schools: SchoolTeams[] = [
  { schoolId: 1001, schoolName: '北京海淀校区', teams: [team(1, '数学组', 1001), team(2, '英语组', 1001)] },
  { schoolId: 1002, schoolName: '北京朝阳校区', teams: [] },
  { schoolId: 2001, schoolName: '上海浦东校区', teams: [team(3, '物理组', 2001)] },
];

describe('member search', () => {
  it('sends every school and team by default, and the chosen department, no team and a trimmed keyword', () => {
    expect(toMemberSearch(DEFAULT_MEMBER_FILTERS, 1, 30)).toEqual({ schoolId: -1, pageNo: 1, pageSize: 30 });
    expect(toMemberSearch({ schoolId: 1001, deptName: '教学部', groupId: NO_TEAM, keyword: ' wang ' }, 2, 30)).toEqual({
      schoolId: 1001,
      deptName: '教学部',
      groupId: 0,
      keyword: 'wang',
      pageNo: 2,
      pageSize: 30,
    });
  });

  it('offers the teams grouped by school, of one school when given, without empty schools', () => {
    expect(teamChoices(schools)).toEqual([
      {
        group: '北京海淀校区',
        items: [
          { value: '1', label: '数学组' },
          { value: '2', label: '英语组' },
        ],
      },
      { group: '上海浦东校区', items: [{ value: '3', label: '物理组' }] },
    ]);
    expect(teamChoices(schools, 2001).map((g) => g.group)).toEqual(['上海浦东校区']);
    expect([teamName(schools, 3), teamName(schools, 9)]).toEqual(['物理组', '']);
  });
});
