import { NotAvailable } from '@/components/not-available';
import type { RouteDef } from '@/config/paths';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';

/** A page of a later issue, titled as the user's menu names it. */
export function NotBuiltRoute({ route }: { route: RouteDef }) {
  return <NotAvailable title={usePageTitle(route.name, route.title)} />;
}
