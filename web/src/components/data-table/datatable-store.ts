// mantine-datatable keeps a table's column widths (and its own order and toggles) in localStorage
// under `${key}-columns-*` and throws while rendering when what it finds there is not the array
// it wrote. Unreadable settings must fall back to the defaults (spec 02 §2), so such entries are
// removed before the table reads them.

type Check = (entry: unknown) => boolean;

const isObject = (entry: unknown): entry is Record<string, unknown> =>
  typeof entry === 'object' && entry !== null && !Array.isArray(entry);

const ENTRIES: [suffix: string, check: Check][] = [
  ['-columns-width', (e) => isObject(e) && Object.keys(e).length === 1],
  ['-columns-order', (e) => typeof e === 'string'],
  ['-columns-toggle', (e) => isObject(e) && typeof e.accessor === 'string'],
];

function readable(raw: string, check: Check): boolean {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every(check);
  } catch {
    return false;
  }
}

/** Removes the table's stored mantine-datatable entries that it could not read. */
export function dropUnreadableDataTableState(storeKey: string): void {
  try {
    for (const [suffix, check] of ENTRIES) {
      const key = `${storeKey}${suffix}`;
      const raw = localStorage.getItem(key);
      if (raw !== null && !readable(raw, check)) localStorage.removeItem(key);
    }
  } catch {
    // Storage is blocked: the table reads nothing from it either.
  }
}
