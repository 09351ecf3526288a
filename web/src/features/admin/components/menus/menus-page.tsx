import { Stack, Tabs, Title } from '@mantine/core';
import { MenuGrants } from './menu-grants';
import { WhitelistPanel } from './whitelist-panel';

/**
 * /administration/menus (菜单与白名单): the menu tree with its order, visibility, badges and the
 * roles granted each node; the functions under whitelist control with the e-mails granted.
 */
export function MenusPage() {
  return (
    <Stack p="md" gap="md">
      <Title order={4}>菜单与白名单</Title>
      <Tabs defaultValue="menus" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="menus">菜单权限</Tabs.Tab>
          <Tabs.Tab value="whitelist">白名单</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="menus" pt="sm">
          <MenuGrants />
        </Tabs.Panel>
        <Tabs.Panel value="whitelist" pt="sm">
          <WhitelistPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
