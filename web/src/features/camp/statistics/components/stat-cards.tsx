import { StatCards as Cards } from '@/components/stat-cards';
import type { StatItem } from '../stats-format';

/** A camp's figure groups: four to a row. */
export function StatCards({ title, items, busy }: { title: string; items: StatItem[]; busy: boolean }) {
  return <Cards title={title} items={items} busy={busy} cols={{ base: 2, sm: 4 }} />;
}
