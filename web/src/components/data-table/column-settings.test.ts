import { describe, expect, it } from 'vitest';
import {
  type ColumnDefault,
  defaultColumnSettings,
  readColumnSettings,
  shownInOrder,
  withFixed,
  withShown,
} from './column-settings';
import { arrangeColumns, FIXED_COLUMN_WIDTH, widthInPx } from './fixed-columns';

const defaults: ColumnDefault[] = [
  { accessor: 'code', show: true, fixed: 'left', toggleable: true },
  { accessor: 'name', show: true, fixed: null, toggleable: true },
  { accessor: 'note', show: false, fixed: null, toggleable: true },
  { accessor: 'actions', show: true, fixed: 'right', toggleable: false },
];

describe('readColumnSettings', () => {
  it('gives the defaults without stored settings', () => {
    expect(readColumnSettings(null, defaults)).toEqual(defaultColumnSettings(defaults));
  });

  it('gives the defaults when the stored data cannot be read', () => {
    for (const raw of ['{not json', '"text"', '42', 'null', '{"code":true}', '']) {
      expect(readColumnSettings(raw, defaults), raw).toEqual(defaultColumnSettings(defaults));
    }
  });

  it('applies valid stored entries and takes the default for damaged, missing or unknown ones', () => {
    const raw = JSON.stringify([
      { accessor: 'name', show: false, fixed: 'right' },
      { accessor: 'note', show: 'yes', fixed: null },
      { accessor: 'gone', show: true, fixed: null },
      null,
      { accessor: 'code', show: true, fixed: 'middle' },
    ]);
    expect(readColumnSettings(raw, defaults)).toEqual([
      { accessor: 'code', show: true, fixed: 'left' },
      { accessor: 'name', show: false, fixed: 'right' },
      { accessor: 'note', show: false, fixed: null },
      { accessor: 'actions', show: true, fixed: 'right' },
    ]);
  });

  it('always shows a column the user may not hide', () => {
    const raw = JSON.stringify([{ accessor: 'actions', show: false, fixed: null }]);
    expect(readColumnSettings(raw, defaults)[3]).toEqual({ accessor: 'actions', show: true, fixed: null });
  });
});

describe('shownInOrder', () => {
  it('draws left-fixed columns first and right-fixed ones last, each in the table order', () => {
    let settings = defaultColumnSettings(defaults);
    settings = withShown(settings, 'note', true);
    settings = withFixed(settings, 'note', 'left');
    settings = withFixed(settings, 'code', 'right');
    expect(shownInOrder(settings).map((s) => s.accessor)).toEqual(['note', 'name', 'code', 'actions']);
  });
});

describe('arrangeColumns', () => {
  const columns = [
    { accessor: 'code', width: 100 },
    { accessor: 'name', width: '150px' },
    { accessor: 'note' },
    { accessor: 'actions' },
  ];

  it('makes fixed columns sticky at the widths of those before them and marks hidden ones', () => {
    let settings = defaultColumnSettings(defaults);
    settings = withFixed(settings, 'name', 'left');
    const drawn = arrangeColumns(columns, settings);
    expect(drawn.map((c) => [c.accessor, c.hidden ?? false])).toEqual([
      ['code', false],
      ['name', false],
      ['actions', false],
      ['note', true],
    ]);
    const cellStyle = (i: number) => drawn[i]!.cellsStyle?.({}, 0);
    expect(cellStyle(0)).toContainEqual(expect.objectContaining({ position: 'sticky', left: 0 }));
    expect(cellStyle(1)).toContainEqual(expect.objectContaining({ position: 'sticky', left: 100 }));
    expect(cellStyle(2)).toContainEqual(expect.objectContaining({ position: 'sticky', right: 0 }));
    expect(drawn[2]!.width).toBe(FIXED_COLUMN_WIDTH);
    expect(drawn.slice(0, 3).every((c) => c.resizable === false)).toBe(true);
  });

  it('reads widths in px', () => {
    expect([widthInPx(120), widthInPx('120px'), widthInPx('88'), widthInPx('auto'), widthInPx(undefined)]).toEqual([
      120,
      120,
      88,
      null,
      null,
    ]);
  });
});
