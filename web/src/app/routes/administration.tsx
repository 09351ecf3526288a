// The administration (/administration, 系统管理, issue 18): organisation, accounts, menus and
// whitelist, notices, home banners and the audit log.

import { AccountsPage } from '@/features/admin/components/accounts/accounts-page';
import { AuditLogPage } from '@/features/admin/components/audit/audit-log-page';
import { BannersPage } from '@/features/admin/components/banners/banners-page';
import { MenusPage } from '@/features/admin/components/menus/menus-page';
import { NoticesPage } from '@/features/admin/components/notices/notices-page';
import { OrgPage } from '@/features/admin/components/org/org-page';

/** /administration/org */
export function AdminOrgRoute() {
  return <OrgPage />;
}

/** /administration/accounts */
export function AdminAccountsRoute() {
  return <AccountsPage />;
}

/** /administration/menus */
export function AdminMenusRoute() {
  return <MenusPage />;
}

/** /administration/notices */
export function AdminNoticesRoute() {
  return <NoticesPage />;
}

/** /administration/banners */
export function AdminBannersRoute() {
  return <BannersPage />;
}

/** /administration/auditLog */
export function AdminAuditLogRoute() {
  return <AuditLogPage />;
}
