import type { DcSearch } from '@/generated/DcSearch';
import { useClassOverview, useVipOverview } from '../api/databoard';
import { classOverviewItems, vipOverviewItems } from '../board-figures';
import { StatCards } from './stat-card';

export function ClassOverviewCards({ search }: { search: DcSearch }) {
  const overview = useClassOverview(search);
  return <StatCards title="班课概览" items={classOverviewItems(overview.data)} loading={overview.isFetching} />;
}

export function VipOverviewCards({ search }: { search: DcSearch }) {
  const overview = useVipOverview(search);
  return <StatCards title="一对一概览" items={vipOverviewItems(overview.data)} loading={overview.isFetching} />;
}
