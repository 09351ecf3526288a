import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { AdminSchool } from '@/generated/AdminSchool';
import type { OneTimeLink } from '@/generated/OneTimeLink';
import type { StageSubject } from '@/generated/StageSubject';
import { useInvite } from '../../api/invitations';
import { isEmail, ROLE_OPTIONS, schoolOptions } from '../../admin-dict';
import { OneTimeLinkView } from '../one-time-link-view';
import { SubjectPairsSelect } from '../subject-pairs-select';

interface InviteFormProps {
  schools: AdminSchool[];
  onInvited: (link: OneTimeLink) => void;
  onClose: () => void;
}

function InviteForm({ schools, onInvited, onClose }: InviteFormProps) {
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<string[]>(['teacher']);
  const [schoolIds, setSchoolIds] = useState<string[]>([]);
  const [subjects, setSubjects] = useState<StageSubject[]>([]);
  const [errors, setErrors] = useState<{ email?: string; roles?: string }>({});
  const invite = useInvite();

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const address = email.trim().toLowerCase();
    const found = {
      ...(isEmail(address) ? {} : { email: '请输入正确的邮箱' }),
      ...(roles.length > 0 ? {} : { roles: '请选择至少一个角色' }),
    };
    setErrors(found);
    if (found.email || found.roles) return;
    invite.mutate({ email: address, roles, schoolIds: schoolIds.map(Number), subjects }, { onSuccess: onInvited });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="邮箱"
          withAsterisk
          placeholder="name@example.com"
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          data-autofocus
        />
        <MultiSelect
          label="角色"
          withAsterisk
          data={ROLE_OPTIONS}
          value={roles}
          error={errors.roles}
          onChange={setRoles}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label="校区"
          searchable
          data={schoolOptions(schools.filter((s) => s.closedAt === undefined))}
          value={schoolIds}
          onChange={setSchoolIds}
          comboboxProps={{ withinPortal: true }}
        />
        <SubjectPairsSelect value={subjects} onChange={setSubjects} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={invite.isPending}>
            生成邀请链接
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface InviteModalProps {
  opened: boolean;
  schools: AdminSchool[];
  onClose: () => void;
}

/**
 * 邀请: an e-mail with the roles, schools and subjects its account gets; the registration link
 * is then shown once, to copy.
 */
export function InviteModal({ opened, schools, onClose }: InviteModalProps) {
  const [link, setLink] = useState<OneTimeLink | null>(null);
  const close = () => {
    setLink(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="邀请注册" size="lg" centered>
      {opened &&
        (link ? (
          <Stack>
            <OneTimeLinkView link={link} label="邀请链接" />
            <Group justify="flex-end">
              <Button onClick={close}>完成</Button>
            </Group>
          </Stack>
        ) : (
          <InviteForm schools={schools} onInvited={setLink} onClose={close} />
        ))}
    </Modal>
  );
}
