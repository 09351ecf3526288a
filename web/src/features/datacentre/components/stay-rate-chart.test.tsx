import { describe, expect, it, vi } from 'vitest';
import { envelope, render, screen, within } from '@/testing/test-utils';
import { defaultDcSearch, toWire } from '../dc-search';
import { dcServer } from '../test-helpers';
import { StayRateChart } from './stay-rate-chart';

// the test DOM lays nothing out, so recharts draws no axis: the chart's labels are drawn here as
// recharts and the tooltip write them, the value formatter's text followed by the unit.
vi.mock('@mantine/charts', () => ({
  BarChart: ({ valueFormatter, unit }: { valueFormatter?: (v: number) => string; unit?: string }) => (
    <ul aria-label="刻度">
      {[0, 25, 100].map((v) => (
        <li key={v}>{`${valueFormatter ? valueFormatter(v) : String(v)}${unit ?? ''}`}</li>
      ))}
    </ul>
  ),
}));

describe('StayRateChart', () => {
  it('labels its values as percentages with one percent sign', async () => {
    dcServer([
      [
        'POST',
        '/api/databoard/vip/stay-rates',
        () => envelope([{ month: '2026-01', baseCount: 4, stayCount: 3, stayRate: 0.75 }]),
      ],
    ]);
    render(<StayRateChart search={toWire(defaultDcSearch(new Date()))} />);
    const ticks = await screen.findByRole('list', { name: '刻度' });
    expect(
      within(ticks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['0.00%', '25.00%', '100.00%']);
  });
});
