import { describe, expect, it } from 'vitest';
import { pairOf, readRate, roleNames, splitEmails, subjectPairNames, subjectPairOptions } from './admin-dict';
import { actionLabel, toAuditSearch } from './audit-filters';
import { localDayStart } from '@/lib/format';
import { menuRows } from './menu-tree';
import { invitationsCsv } from './one-time-link';
import { menuNode, registDict } from './test-helpers';

describe('administration codes', () => {
  it('names roles, subject pairs and read rates', () => {
    expect(roleNames(['teacher', '1v1_xg', 'unknown'])).toBe('教师、学管、unknown');
    expect(subjectPairOptions(registDict.stages)).toEqual([
      { group: '高中', items: [{ value: '4_54', label: '高中数学' }] },
    ]);
    expect(pairOf('4_54')).toEqual({ stage: 4, subject: 54 });
    expect(pairOf('x')).toBeNull();
    expect(
      subjectPairNames(
        [
          { stage: 4, subject: 54 },
          { stage: 9, subject: 1 },
        ],
        registDict.stages,
      ),
    ).toBe('高中数学、9/1');
    expect(readRate(3, 8)).toBe('37.5%');
    expect(readRate(2, 2)).toBe('100%');
    expect(readRate(0, 0)).toBe('-');
  });

  it('splits typed e-mails, each once, lower-cased', () => {
    expect(splitEmails(' A@x.cn, b@x.cn；a@x.cn\nc@x.cn ')).toEqual(['a@x.cn', 'b@x.cn', 'c@x.cn']);
    expect(splitEmails('  ')).toEqual([]);
  });
});

describe('menu tree', () => {
  it('orders each level by sort then code, with depths and the grants of ancestors', () => {
    const rows = menuRows([
      menuNode('B', 'b', { sort: 2 }),
      menuNode('A', 'a', { sort: 2, roles: ['admin'] }),
      menuNode('A2', 'a2', { parentCode: 'A', sort: 1, roles: ['teacher'] }),
      menuNode('A2X', 'a2x', { parentCode: 'A2', sort: 1 }),
      menuNode('ORPHAN', 'o', { parentCode: 'GONE', sort: 0 }),
    ]);
    expect(rows.map((r) => [r.node.code, r.depth, r.inherited])).toEqual([
      ['ORPHAN', 0, []],
      ['A', 0, []],
      ['A2', 1, ['admin']],
      ['A2X', 2, ['admin', 'teacher']],
      ['B', 0, []],
    ]);
  });
});

describe('audit filters', () => {
  it('searches whole local days, the last one included', () => {
    expect(
      toAuditSearch({ actor: ' a ', action: null, keyword: '', fromDay: '2026-03-01', toDay: '2026-03-01' }),
    ).toEqual({
      actor: 'a',
      from: localDayStart('2026-03-01'),
      to: localDayStart('2026-03-02'),
    });
  });

  it('names an action by its own name or its family', () => {
    const actions = [
      { code: 'login', name: '登录' },
      { code: 'menu.', name: '菜单权限' },
    ];
    expect(actionLabel('login', actions)).toBe('登录');
    expect(actionLabel('menu.grant', actions)).toBe('菜单权限 · grant');
    expect(actionLabel('other', actions)).toBe('other');
  });
});

describe('invitation links as CSV', () => {
  it('writes each link in full on the origin, quoting what needs it', () => {
    const csv = invitationsCsv(
      [
        {
          line: 2,
          email: 'a,b@x.cn',
          link: { path: '/register?invitation=t1', expiresAt: new Date(2026, 0, 2, 3, 4).getTime() },
        },
      ],
      'https://edu.example',
    );
    expect(csv).toBe(
      '\uFEFF行号,邮箱,邀请链接,有效期至\r\n2,"a,b@x.cn",https://edu.example/register?invitation=t1,2026-01-02 03:04\r\n',
    );
  });
});
