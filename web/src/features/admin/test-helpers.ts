// Test helpers of the administration: the server's records and a mocked server that keeps the
// accounts, the menu grants and the audit log like the real one.

import type { AdminAccount } from '@/generated/AdminAccount';
import type { AdminMenuNode } from '@/generated/AdminMenuNode';
import type { AdminMenus } from '@/generated/AdminMenus';
import type { OrgTree } from '@/generated/OrgTree';
import type { RegistDict } from '@/generated/RegistDict';
import { ROLES } from '@/config/constants';
import { envelope } from '@/testing/test-utils';

export const orgTree: OrgTree = {
  groups: [{ id: 1, name: '华北区' }],
  schools: [
    {
      id: 1001,
      name: '北京海淀校区',
      provinceCode: '11',
      groupId: 1,
      localEdition: false,
      areas: [{ code: 'A1', name: '中关村教学点' }],
      departments: [{ id: 7, name: '教学部' }],
      accounts: 12,
    },
    {
      id: 2001,
      name: '上海浦东校区',
      provinceCode: '31',
      localEdition: true,
      closedAt: Date.UTC(2026, 0, 5),
      areas: [],
      departments: [],
      accounts: 0,
    },
  ],
  provinces: [
    { code: '11', name: '北京', areaName: '华北' },
    { code: '31', name: '上海', areaName: '华东' },
  ],
};

export const registDict: RegistDict = {
  schools: [{ id: 1001, name: '北京海淀校区', localEdition: false }],
  stages: [{ code: 4, name: '高中', sort: 1, subjects: [{ code: 54, name: '数学' }] }],
  projects: [],
};

export function account(id: number, patch: Partial<AdminAccount> = {}): AdminAccount {
  return {
    id,
    email: `user${id}@demo.eduhub`,
    name: `用户${id}`,
    mobile: '13800000000',
    roles: ['teacher'],
    schoolIds: [1001],
    subjects: [{ stage: 4, subject: 54 }],
    superuser: false,
    state: 1,
    createdAt: Date.UTC(2026, 1, 1, 2),
    ...patch,
  };
}

export function menuNode(code: string, name: string, patch: Partial<AdminMenuNode> = {}): AdminMenuNode {
  return { code, name, url: code.toLowerCase(), level: 1, sort: 1, hidden: false, badge: '', roles: [], ...patch };
}

export function adminMenus(nodes: AdminMenuNode[]): AdminMenus {
  return { nodes, roles: ROLES.map((r) => ({ code: r.code, name: r.name })) };
}

/** A page of records as the server answers it. */
export function pageOf(records: unknown[], pageNo = 1, pageSize = 20, total = records.length) {
  return envelope({ records, total, pageNo, pageSize });
}
