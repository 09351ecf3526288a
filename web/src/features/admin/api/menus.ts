// Menus (菜单与白名单): every node of the menu tree with its order, visibility, badge and the roles
// granted it. A change reads the nodes again here; the server tells every open shell
// (magic_shell_changed, `menus`), which reads its menu tree again.

import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMenus } from '@/generated/AdminMenus';
import type { MenuGrant } from '@/generated/MenuGrant';
import type { MenuUpdate } from '@/generated/MenuUpdate';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { adminKeys } from './admin-keys';

/** GET /api/admin/menus */
export function getAdminMenus(options?: RequestOptions): Promise<AdminMenus> {
  return api.get<AdminMenus>('/api/admin/menus', options);
}

export function adminMenusQueryOptions() {
  return queryOptions({ queryKey: adminKeys.menus(), queryFn: (context) => getAdminMenus(readOptions(context)) });
}

export function useAdminMenus() {
  return useQuery(adminMenusQueryOptions());
}

function invalidateMenus(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.menus() });
}

/** POST /api/admin/menu/update: a node's name, order, visibility and badge. */
export function updateMenu(body: MenuUpdate): Promise<boolean> {
  return api.post<boolean>('/api/admin/menu/update', body, { noLoading: true });
}

export function useUpdateMenu() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMenu, onSuccess: () => invalidateMenus(queryClient) });
}

/** POST /api/admin/menu/grant: grants a node (and its subtree) to a role, or takes it back. */
export function grantMenu(body: MenuGrant): Promise<boolean> {
  return api.post<boolean>('/api/admin/menu/grant', body, { noLoading: true });
}

/** The checkbox shows the new grant at once; the nodes read again after (or on failure). */
export function useGrantMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantMenu,
    onMutate: async ({ code, role, granted }) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.menus() });
      queryClient.setQueryData<AdminMenus>(adminKeys.menus(), (menus) =>
        menus
          ? {
              ...menus,
              nodes: menus.nodes.map((n) =>
                n.code !== code
                  ? n
                  : {
                      ...n,
                      roles: granted ? [...n.roles.filter((r) => r !== role), role] : n.roles.filter((r) => r !== role),
                    },
              ),
            }
          : menus,
      );
    },
    onSettled: () => invalidateMenus(queryClient),
  });
}
