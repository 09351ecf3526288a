// A table's column settings (spec 02 §2 "Shared behaviour of list screens"): which columns are
// shown and where each is fixed, remembered per table in localStorage. Pure functions; the hook
// `use-column-settings.ts` keeps them in storage.
//
// What is stored is read defensively: it may come from an older build (columns renamed or gone)
// or have been damaged, and unreadable data must never break the page, so anything that is not
// a valid setting of a column the table still has falls back to that column's default.

/** Where a column is kept while the table scrolls sideways; null: it scrolls with the rest. */
export type ColumnFixed = 'left' | 'right' | null;

export interface ColumnSetting {
  accessor: string;
  show: boolean;
  fixed: ColumnFixed;
}

/** A column as the table defines it: its default setting and whether the user may hide it. */
export interface ColumnDefault extends ColumnSetting {
  toggleable: boolean;
}

/** The localStorage key of a table's column settings. */
export function columnSettingsKey(storeKey: string): string {
  return `${storeKey}-column-settings`;
}

export function defaultColumnSettings(defaults: readonly ColumnDefault[]): ColumnSetting[] {
  return defaults.map(({ accessor, show, fixed }) => ({ accessor, show, fixed }));
}

function isFixed(value: unknown): value is ColumnFixed {
  return value === 'left' || value === 'right' || value === null;
}

/** The stored entries by accessor; an entry that is not a setting is left out. */
function storedByAccessor(raw: string | null): Map<string, ColumnSetting> | null {
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const found = new Map<string, ColumnSetting>();
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { accessor, show, fixed } = entry as Record<string, unknown>;
    if (typeof accessor !== 'string' || typeof show !== 'boolean' || !isFixed(fixed)) continue;
    found.set(accessor, { accessor, show, fixed });
  }
  return found;
}

/**
 * The settings to use: the stored ones (`raw`, as kept in localStorage) for the table's columns,
 * in the table's order. Unreadable data is the defaults; a column without a valid stored entry
 * (new, or its entry damaged) takes its default; a column the user may not hide is shown.
 */
export function readColumnSettings(raw: string | null, defaults: readonly ColumnDefault[]): ColumnSetting[] {
  const stored = storedByAccessor(raw);
  return defaults.map((d) => {
    const s = stored?.get(d.accessor);
    if (!s) return { accessor: d.accessor, show: d.show, fixed: d.fixed };
    return { accessor: d.accessor, show: d.toggleable ? s.show : true, fixed: s.fixed };
  });
}

export function withShown(settings: readonly ColumnSetting[], accessor: string, show: boolean): ColumnSetting[] {
  return settings.map((s) => (s.accessor === accessor ? { ...s, show } : s));
}

export function withFixed(settings: readonly ColumnSetting[], accessor: string, fixed: ColumnFixed): ColumnSetting[] {
  return settings.map((s) => (s.accessor === accessor ? { ...s, fixed } : s));
}

/**
 * The shown columns in the order the table draws them: those fixed left, then the rest, then
 * those fixed right, each group in the table's order (an export writes its columns so too).
 */
export function shownInOrder(settings: readonly ColumnSetting[]): ColumnSetting[] {
  const shown = settings.filter((s) => s.show);
  return [
    ...shown.filter((s) => s.fixed === 'left'),
    ...shown.filter((s) => s.fixed === null),
    ...shown.filter((s) => s.fixed === 'right'),
  ];
}
