// How the knowledge heat map colours a score rate: by the percentage score bands of spec 01 §5
// (SCORE_BANDS), weakest red to strongest green; a rate of -1 (nothing marked) has no colour.

import { SCORE_BANDS, scoreBandOf } from '@/lib/format';

/** The Mantine colour of each band, by band code. */
const BAND_COLORS: readonly string[] = ['red.2', 'orange.2', 'yellow.2', 'lime.2', 'green.3'];

/** The legend: each band's label and colour, in order. */
export const HEAT_LEGEND = SCORE_BANDS.map((b) => ({ label: b.label, color: BAND_COLORS[b.code] ?? 'gray.1' }));

/** The background of a cell of rate `rate` (a fraction, -1 none); null when nothing is marked. */
export function heatColor(rate: number): string | null {
  if (rate < 0 || Number.isNaN(rate)) return null;
  return BAND_COLORS[scoreBandOf(rate * 100)] ?? null;
}
