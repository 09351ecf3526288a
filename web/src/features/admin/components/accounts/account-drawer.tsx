import { Button, Drawer, Group, MultiSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { AdminAccount } from '@/generated/AdminAccount';
import type { AdminSchool } from '@/generated/AdminSchool';
import type { StageSubject } from '@/generated/StageSubject';
import { showSuccess } from '@/lib/toast';
import { useUpdateAccount } from '../../api/accounts';
import { ROLE_OPTIONS, schoolOptions } from '../../admin-dict';
import { SubjectPairsSelect } from '../subject-pairs-select';

interface AccountFormProps {
  account: AdminAccount;
  schools: AdminSchool[];
  /** The signed-in user is a super user: only they set the super-user mark. */
  mayMarkSuperuser: boolean;
  onDone: () => void;
}

function AccountForm({ account, schools, mayMarkSuperuser, onDone }: AccountFormProps) {
  const [name, setName] = useState(account.name);
  const [roles, setRoles] = useState<string[]>(account.roles);
  const [schoolIds, setSchoolIds] = useState<string[]>(account.schoolIds.map(String));
  const [subjects, setSubjects] = useState<StageSubject[]>(account.subjects);
  const [superuser, setSuperuser] = useState(account.superuser);
  const [errors, setErrors] = useState<{ name?: string; roles?: string }>({});
  const update = useUpdateAccount();

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    const found = {
      ...(trimmed ? {} : { name: '请输入姓名' }),
      ...(roles.length > 0 ? {} : { roles: '请选择至少一个角色' }),
    };
    setErrors(found);
    if (!trimmed || roles.length === 0) return;
    update.mutate(
      {
        userId: account.id,
        name: trimmed,
        roles,
        schoolIds: schoolIds.map(Number),
        subjects,
        ...(mayMarkSuperuser ? { superuser } : {}),
      },
      {
        onSuccess: () => {
          showSuccess('账号已保存');
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {account.email}
        </Text>
        <TextInput
          label="姓名"
          withAsterisk
          maxLength={50}
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <MultiSelect
          label="角色"
          withAsterisk
          description="第一个角色在当前角色被取消时成为当前角色"
          data={ROLE_OPTIONS}
          value={roles}
          error={errors.roles}
          onChange={setRoles}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label="校区"
          searchable
          data={schoolOptions(schools)}
          value={schoolIds}
          onChange={setSchoolIds}
          comboboxProps={{ withinPortal: true }}
        />
        <SubjectPairsSelect value={subjects} onChange={setSubjects} />
        <Switch
          label="超级用户"
          description={mayMarkSuperuser ? '超级用户可以代登录其他账号' : '只有超级用户可以设置'}
          checked={superuser}
          disabled={!mayMarkSuperuser}
          onChange={(e) => setSuperuser(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            取消
          </Button>
          <Button type="submit" loading={update.isPending}>
            保存
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface AccountDrawerProps {
  /** The account edited; null: closed. */
  account: AdminAccount | null;
  schools: AdminSchool[];
  mayMarkSuperuser: boolean;
  onClose: () => void;
}

/** 编辑账号: name, roles, schools, stage and subject pairs, and the super-user mark. */
export function AccountDrawer({ account, schools, mayMarkSuperuser, onClose }: AccountDrawerProps) {
  return (
    <Drawer
      opened={account !== null}
      onClose={onClose}
      title={account ? `编辑账号 · ${account.name}` : ''}
      position="right"
      size="md"
    >
      {account && (
        <AccountForm
          key={account.id}
          account={account}
          schools={schools}
          mayMarkSuperuser={mayMarkSuperuser}
          onDone={onClose}
        />
      )}
    </Drawer>
  );
}
