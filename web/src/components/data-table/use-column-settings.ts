// A table's column settings kept in localStorage under the table's key (column-settings.ts says
// how stored data is read). Only what the user changed is written; a reset removes the entry.

import { useState } from 'react';
import {
  type ColumnDefault,
  type ColumnFixed,
  type ColumnSetting,
  columnSettingsKey,
  readColumnSettings,
  withFixed,
  withShown,
} from './column-settings';

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage may be blocked (private mode): the defaults apply.
    return null;
  }
}

function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // The settings then last until the page is left.
  }
}

export interface ColumnSettingsState {
  settings: ColumnSetting[];
  setShown: (accessor: string, show: boolean) => void;
  setFixed: (accessor: string, fixed: ColumnFixed) => void;
  reset: () => void;
}

export function useColumnSettings(storeKey: string, defaults: readonly ColumnDefault[]): ColumnSettingsState {
  const key = columnSettingsKey(storeKey);
  // The raw stored text, per key: a table that is given another key (one table component
  // showing several reports) reads that key's settings.
  const [stored, setStored] = useState(() => ({ key, raw: readStored(key) }));
  let raw = stored.raw;
  if (stored.key !== key) {
    raw = readStored(key);
    setStored({ key, raw });
  }
  const settings = readColumnSettings(raw, defaults);

  const save = (next: ColumnSetting[]) => {
    const text = JSON.stringify(next);
    writeStored(key, text);
    setStored({ key, raw: text });
  };
  return {
    settings,
    setShown: (accessor, show) => save(withShown(settings, accessor, show)),
    setFixed: (accessor, fixed) => save(withFixed(settings, accessor, fixed)),
    reset: () => {
      writeStored(key, null);
      setStored({ key, raw: null });
    },
  };
}
