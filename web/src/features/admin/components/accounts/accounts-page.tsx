import { Badge, Button, Group, Select, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { useRegistDict } from '@/features/auth/api/register';
import type { AccountSearch } from '@/generated/AccountSearch';
import type { AdminAccount } from '@/generated/AdminAccount';
import type { AdminSchool } from '@/generated/AdminSchool';
import type { OneTimeLink } from '@/generated/OneTimeLink';
import type { StageInfo } from '@/generated/StageInfo';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { showSuccess } from '@/lib/toast';
import { useAccounts, useCreateResetLink, useRefuseAccount, useSetAccountState } from '../../api/accounts';
import { useOrg } from '../../api/org';
import {
  ACCOUNT_STATE_LABELS,
  AccountState,
  ROLE_OPTIONS,
  roleNames,
  schoolNames,
  schoolOptions,
  subjectPairNames,
} from '../../admin-dict';
import { AccountDrawer } from './account-drawer';
import { ImportModal } from './import-modal';
import { InvitationsPanel } from './invitations-panel';
import { InviteModal } from './invite-modal';
import { ResetLinkModal } from './link-modal';

export const ACCOUNT_TABLE = '账号列表';
const PAGE_SIZE = 20;

/** The filters as typed (applied by 查询). */
interface AccountFilters {
  keyword: string;
  role: string | null;
  schoolId: string | null;
  state: string | null;
}

const NO_FILTERS: AccountFilters = { keyword: '', role: null, schoolId: null, state: null };

function toSearch(filters: AccountFilters, pageNo: number): AccountSearch {
  const keyword = filters.keyword.trim();
  return {
    ...(keyword ? { keyword } : {}),
    ...(filters.role ? { role: filters.role } : {}),
    ...(filters.schoolId ? { schoolId: Number(filters.schoolId) } : {}),
    ...(filters.state !== null ? { state: Number(filters.state) } : {}),
    pageNo,
    pageSize: PAGE_SIZE,
  };
}

/** An action asked to be confirmed first. */
type Pending = { kind: 'disable' | 'enable' | 'refuse'; account: AdminAccount };

const CONFIRM_TEXT: Record<Pending['kind'], { title: string; label: string; message: (a: AdminAccount) => string }> = {
  disable: {
    title: '停用账号',
    label: '停用',
    message: (a) => `确定停用 ${a.name}（${a.email}）吗？停用后该账号的所有登录立即失效，之后可重新启用。`,
  },
  enable: { title: '启用账号', label: '启用', message: (a) => `确定重新启用 ${a.name}（${a.email}）吗？` },
  refuse: {
    title: '拒绝注册',
    label: '拒绝',
    message: (a) => `确定拒绝 ${a.name}（${a.email}）的注册申请吗？该账号将被删除。`,
  },
};

interface AccountActions {
  approve: (a: AdminAccount) => void;
  ask: (pending: Pending) => void;
  edit: (a: AdminAccount) => void;
  resetLink: (a: AdminAccount) => void;
}

function accountColumns(
  schools: AdminSchool[],
  stages: StageInfo[],
  act: AccountActions,
): ListTableColumn<AdminAccount>[] {
  const time = (ms: number | undefined) => (ms === undefined ? '-' : formatDateTime(new Date(ms)));
  return [
    { accessor: 'name', title: '姓名', width: 110 },
    { accessor: 'email', title: '邮箱', width: 200 },
    { accessor: 'mobile', title: '手机号', width: 120, render: (a) => a.mobile || '-' },
    { accessor: 'roles', title: '角色', width: 150, render: (a) => roleNames(a.roles) || '-' },
    { accessor: 'schoolIds', title: '校区', width: 160, render: (a) => schoolNames(a.schoolIds, schools) || '-' },
    {
      accessor: 'subjects',
      title: '学段学科',
      width: 150,
      defaultToggle: false,
      render: (a) => subjectPairNames(a.subjects, stages) || '-',
    },
    {
      accessor: 'state',
      title: '状态',
      width: 90,
      render: (a) => {
        const state = ACCOUNT_STATE_LABELS[a.state];
        return (
          <Badge variant="light" color={state?.color ?? 'gray'}>
            {state?.label ?? a.state}
          </Badge>
        );
      },
    },
    {
      accessor: 'superuser',
      title: '超级用户',
      width: 80,
      render: (a) => (a.superuser ? <Badge color="violet">超级用户</Badge> : '-'),
    },
    { accessor: 'createdAt', title: '注册时间', width: 140, render: (a) => time(a.createdAt) },
    { accessor: 'lastLoginAt', title: '最近登录', width: 140, render: (a) => time(a.lastLoginAt) },
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      width: 230,
      render: (a) => (
        <Group gap={4} wrap="nowrap">
          {a.state === AccountState.Waiting ? (
            <>
              <Button
                size="compact-xs"
                variant="light"
                color="green"
                aria-label={`通过 ${a.email}`}
                onClick={() => act.approve(a)}
              >
                通过
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={`拒绝 ${a.email}`}
                onClick={() => act.ask({ kind: 'refuse', account: a })}
              >
                拒绝
              </Button>
            </>
          ) : (
            <>
              <Button size="compact-xs" variant="subtle" aria-label={`编辑 ${a.email}`} onClick={() => act.edit(a)}>
                编辑
              </Button>
              {a.state === AccountState.Active ? (
                <>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`停用 ${a.email}`}
                    onClick={() => act.ask({ kind: 'disable', account: a })}
                  >
                    停用
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`${a.email} 的重置密码链接`}
                    onClick={() => act.resetLink(a)}
                  >
                    重置密码链接
                  </Button>
                </>
              ) : (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="green"
                  aria-label={`启用 ${a.email}`}
                  onClick={() => act.ask({ kind: 'enable', account: a })}
                >
                  启用
                </Button>
              )}
            </>
          )}
        </Group>
      ),
    },
  ];
}

function AccountsPanel({ schools }: { schools: AdminSchool[] }) {
  const user = useSession((s) => s.user);
  const stages = useRegistDict().data?.stages ?? [];
  const [draft, setDraft] = useState<AccountFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AccountFilters>(NO_FILTERS);
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<AdminAccount | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [resetShown, setResetShown] = useState<{ link: OneTimeLink; email: string } | null>(null);
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState(false);

  const query = useAccounts(toSearch(filters, pageNo));
  const setState = useSetAccountState();
  const refuse = useRefuseAccount();
  const resetLink = useCreateResetLink();
  const total = query.data?.total ?? 0;

  const apply = () => {
    setFilters(draft);
    setPageNo(1);
  };
  const approve = (a: AdminAccount) =>
    setState.mutate(
      { userId: a.id, state: AccountState.Active },
      { onSuccess: () => showSuccess(`已通过 ${a.email}`) },
    );
  const confirm = () => {
    if (!pending) return;
    const { kind, account } = pending;
    const done = (text: string) => () => {
      showSuccess(text);
      setPending(null);
    };
    if (kind === 'refuse') refuse.mutate(account.id, { onSuccess: done(`已拒绝 ${account.email}`) });
    else
      setState.mutate(
        { userId: account.id, state: kind === 'disable' ? AccountState.Disabled : AccountState.Active },
        { onSuccess: done(kind === 'disable' ? `已停用 ${account.email}` : `已启用 ${account.email}`) },
      );
  };
  const confirmText = pending ? CONFIRM_TEXT[pending.kind] : null;

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" role="search" aria-label="账号筛选">
        <TextInput
          size="xs"
          w={200}
          label="关键词"
          placeholder="姓名、邮箱或手机号"
          value={draft.keyword}
          onChange={(e) => {
            const keyword = e.currentTarget.value;
            setDraft((d) => ({ ...d, keyword }));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
        />
        <Select
          size="xs"
          w={140}
          label="角色"
          placeholder="全部角色"
          clearable
          data={ROLE_OPTIONS}
          value={draft.role}
          onChange={(role) => setDraft((d) => ({ ...d, role }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          size="xs"
          w={180}
          label="校区"
          placeholder="全部校区"
          clearable
          searchable
          data={schoolOptions(schools)}
          value={draft.schoolId}
          onChange={(schoolId) => setDraft((d) => ({ ...d, schoolId }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          size="xs"
          w={120}
          label="状态"
          placeholder="全部状态"
          clearable
          data={Object.entries(ACCOUNT_STATE_LABELS).map(([value, s]) => ({ value, label: s.label }))}
          value={draft.state}
          onChange={(state) => setDraft((d) => ({ ...d, state }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Button size="xs" onClick={apply}>
          查询
        </Button>
      </Group>
      <ListTable<AdminAccount>
        label={ACCOUNT_TABLE}
        storeKey="admin-accounts"
        columns={accountColumns(schools, stages, {
          approve,
          ask: setPending,
          edit: setEditing,
          resetLink: (a) => resetLink.mutate(a.id, { onSuccess: (link) => setResetShown({ link, email: a.email }) }),
        })}
        records={query.data?.records ?? []}
        idAccessor="id"
        rowAttributes={(a) => ({ 'aria-label': a.email, 'data-state': a.state })}
        noRecordsText="暂无账号"
        fetching={query.isFetching}
        pinFirstColumn
        pinLastColumn
        toolbar={() => (
          <>
            <Button size="xs" onClick={() => setInviting(true)}>
              邀请
            </Button>
            <Button size="xs" variant="light" onClick={() => setImporting(true)}>
              批量导入
            </Button>
          </>
        )}
      />
      <ListFooter
        page={pageNo}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        total={total}
        onPageChange={setPageNo}
      />
      <AccountDrawer
        account={editing}
        schools={schools}
        mayMarkSuperuser={user?.superuser ?? false}
        onClose={() => setEditing(null)}
      />
      <ConfirmModal
        opened={pending !== null}
        title={confirmText?.title ?? ''}
        message={pending && confirmText ? confirmText.message(pending.account) : ''}
        confirmLabel={confirmText?.label}
        busy={setState.isPending || refuse.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
      <ResetLinkModal shown={resetShown} onClose={() => setResetShown(null)} />
      <InviteModal opened={inviting} schools={schools} onClose={() => setInviting(false)} />
      <ImportModal opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}

/**
 * /administration/accounts (账号管理): the accounts (waiting approvals first, 通过 or 拒绝), an
 * account's roles, schools, subjects and super-user mark, 停用/启用, a password-reset link for its
 * owner; invitations (one, or many from an .xlsx) and the invitations sent.
 */
export function AccountsPage() {
  const schools = useOrg().data?.schools ?? [];
  return (
    <Stack p="md" gap="md">
      <Title order={4}>账号管理</Title>
      <Tabs defaultValue="accounts" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="accounts">账号</Tabs.Tab>
          <Tabs.Tab value="invitations">邀请记录</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="accounts" pt="sm">
          <AccountsPanel schools={schools} />
        </Tabs.Panel>
        <Tabs.Panel value="invitations" pt="sm">
          <InvitationsPanel schools={schools} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
