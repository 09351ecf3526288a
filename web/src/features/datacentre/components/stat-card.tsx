import { StatCards as Cards } from '@/components/stat-cards';
import type { StatItem } from '../board-figures';

/** The data centre's figure groups: five to a row on wide screens. */
export function StatCards({ title, items, loading }: { title: string; items: StatItem[]; loading: boolean }) {
  return <Cards title={title} items={items} busy={loading} />;
}
