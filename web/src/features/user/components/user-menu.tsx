import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { PROFILE_CARD_ROLES } from '@/config/constants';
import type { UserInfo } from '@/generated/UserInfo';
import { currentRole } from '@/lib/session';
import { ProfileCard } from './profile-card';
import { RoleSwitchDialog } from './role-switch-dialog';
import { VirtualAccountDialog } from './virtual-account-dialog';

export interface UserMenuProps {
  user: UserInfo;
  /** After a role or account switch succeeded. */
  onSwitched: () => void;
  onLogout: () => void;
}

/** The user menu at the right of the header (spec 01 §2 "User menu"). */
export function UserMenu({ user, onSwitched, onLogout }: UserMenuProps) {
  const [roleOpen, setRoleOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const role = currentRole(user);
  const roleName = user.roleList.find((r) => r.current)?.name;
  const showProfile = role !== null && PROFILE_CARD_ROLES.includes(role);
  const canActAs = user.superuser || !!user.superUserEmail;

  return (
    <>
      <Menu position="bottom-end" width={showProfile ? 320 : 200} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label="用户菜单">
            <Group gap={8} wrap="nowrap">
              <Avatar src={user.userAvatar} alt={user.userName} radius="xl" size="sm" color="blue">
                {user.userName.slice(0, 1)}
              </Avatar>
              <div>
                <Text size="sm" fw={500} lh={1.2}>
                  {user.userName}
                </Text>
                {roleName && (
                  <Text size="xs" c="dimmed" lh={1.2}>
                    {roleName}
                  </Text>
                )}
              </div>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {showProfile && (
            <>
              <ProfileCard />
              <Menu.Divider />
            </>
          )}
          <Menu.Item onClick={() => setRoleOpen(true)}>切换身份</Menu.Item>
          {canActAs && <Menu.Item onClick={() => setAccountOpen(true)}>虚拟账号</Menu.Item>}
          <Menu.Item color="red" onClick={onLogout}>
            退出登录
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <RoleSwitchDialog
        opened={roleOpen}
        roles={user.roleList}
        onClose={() => setRoleOpen(false)}
        onSwitched={() => {
          setRoleOpen(false);
          onSwitched();
        }}
      />
      {canActAs && (
        <VirtualAccountDialog
          opened={accountOpen}
          ownEmail={user.superUserEmail ?? user.userEmail}
          onClose={() => setAccountOpen(false)}
          onSwitched={() => {
            setAccountOpen(false);
            onSwitched();
          }}
        />
      )}
    </>
  );
}
