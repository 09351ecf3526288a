// The query keys of the administration's server state. Every page reads its own family; a change
// invalidates the families it touches (an account's state changes the schools' account counts
// too), and a shell_changed push invalidates menus, whitelist or banners.

import type { AccountSearch } from '@/generated/AccountSearch';
import type { AuditSearch } from '@/generated/AuditSearch';
import type { PageRequest } from '@/generated/PageRequest';

const all = ['admin'] as const;

export const adminKeys = {
  all,
  org: () => [...all, 'org'] as const,
  accounts: () => [...all, 'accounts'] as const,
  accountPage: (search: AccountSearch) => [...all, 'accounts', search] as const,
  invitations: () => [...all, 'invitations'] as const,
  invitationPage: (page: PageRequest) => [...all, 'invitations', page] as const,
  menus: () => [...all, 'menus'] as const,
  whitelist: () => [...all, 'whitelist'] as const,
  notices: () => [...all, 'notices'] as const,
  noticePage: (page: PageRequest) => [...all, 'notices', page] as const,
  banners: () => [...all, 'banners'] as const,
  audit: () => [...all, 'audit'] as const,
  auditPage: (search: AuditSearch) => [...all, 'audit', search] as const,
  auditActions: () => [...all, 'auditActions'] as const,
};
