import { describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, within } from '@/testing/test-utils';
import { ListTable, type ListTableColumn } from './list-table';

interface Row {
  id: number;
  name: string;
  size: string;
}

const columns: ListTableColumn<Row>[] = [
  { accessor: 'name', title: '名称' },
  { accessor: 'size', title: '大小' },
  { accessor: 'actions', title: '操作', toggleable: false, render: () => '下载' },
];
const rows: Row[] = [{ id: 1, name: '讲义.pdf', size: '2KB' }];

function renderTable() {
  return render(
    <ListTable<Row>
      label="我的资源"
      storeKey="test-table"
      columns={columns}
      records={rows}
      idAccessor="id"
      rowAttributes={(r) => ({ 'aria-label': r.name })}
      noRecordsText="暂无资源"
    />,
  );
}

describe('ListTable', () => {
  it('hides a column, remembers it per table and resets the settings', async () => {
    const view = renderTable();
    const table = screen.getByRole('table', { name: '我的资源' });
    expect(within(table).getByRole('columnheader', { name: /^大小/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '我的资源：列设置' }));
    const group = await screen.findByRole('group', { name: '显示的列' });
    // The actions column cannot be hidden.
    expect(within(group).queryByRole('checkbox', { name: '操作' })).not.toBeInTheDocument();
    await userEvent.click(within(group).getByRole('checkbox', { name: /^大小/ }));
    expect(within(table).queryByRole('columnheader', { name: /^大小/ })).not.toBeInTheDocument();
    expect(localStorage.getItem('test-table-column-settings')).toContain(
      '{"accessor":"size","show":false,"fixed":null}',
    );

    // Shown again the same way after a reload.
    view.unmount();
    renderTable();
    const again = screen.getByRole('table', { name: '我的资源' });
    expect(within(again).queryByRole('columnheader', { name: /^大小/ })).not.toBeInTheDocument();
    expect(within(again).getByRole('row', { name: '讲义.pdf' })).toHaveTextContent('下载');

    await userEvent.click(screen.getByRole('button', { name: '我的资源：列设置' }));
    await userEvent.click(await screen.findByRole('button', { name: '重置列设置' }));
    expect(within(again).getByRole('columnheader', { name: /^大小/ })).toBeInTheDocument();
  });

  it('says so when there are no rows', () => {
    render(
      <ListTable<Row>
        label="我的资源"
        storeKey="empty"
        columns={columns}
        records={[]}
        idAccessor="id"
        noRecordsText="暂无资源"
      />,
    );
    expect(screen.getByText('暂无资源')).toBeInTheDocument();
  });

  it('uses the defaults when the stored settings cannot be read', () => {
    localStorage.setItem('test-table-column-settings', '{broken');
    localStorage.setItem('test-table-columns-width', '"oops"');
    localStorage.setItem('test-table-columns-toggle', '[null]');
    localStorage.setItem('test-table-columns-order', '{}');
    renderTable();
    const table = screen.getByRole('table', { name: '我的资源' });
    expect(within(table).getByRole('columnheader', { name: /^大小/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: '讲义.pdf' })).toHaveTextContent('2KB');
  });

  it('fixes a column on the left, draws it first and keeps it there after a reload', async () => {
    const view = renderTable();
    await userEvent.click(screen.getByRole('button', { name: '我的资源：列设置' }));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: '大小：固定位置' }), 'left');
    const headers = () =>
      within(screen.getByRole('table', { name: '我的资源' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    expect(headers()).toEqual(['大小', '名称', '操作']);
    view.unmount();
    renderTable();
    expect(headers()).toEqual(['大小', '名称', '操作']);
    const size = within(screen.getByRole('table', { name: '我的资源' })).getAllByRole('columnheader')[0];
    expect(size).toHaveStyle({ position: 'sticky', left: '0px' });
  });

  it('hides columns by default when they say so, asks its owner to sort and tells the toolbar what is shown', async () => {
    const onSortChange = vi.fn();
    const toolbar = vi.fn(() => null);
    render(
      <ListTable<Row>
        label="报表"
        storeKey="sorted"
        columns={[
          { accessor: 'name', title: '名称', sortable: true, tooltip: '文件的名称' },
          { accessor: 'size', title: '大小', defaultToggle: false },
        ]}
        records={rows}
        idAccessor={(r) => `row-${r.id}`}
        noRecordsText="无"
        sort={null}
        onSortChange={onSortChange}
        toolbar={toolbar}
      />,
    );
    const table = screen.getByRole('table', { name: '报表' });
    expect(within(table).queryByRole('columnheader', { name: /^大小/ })).not.toBeInTheDocument();
    expect(toolbar).toHaveBeenLastCalledWith({ shownColumns: ['name'] });
    expect(screen.getByLabelText('文件的名称')).toBeInTheDocument();
    await userEvent.click(within(table).getByText('名称'));
    expect(onSortChange).toHaveBeenCalledWith({ field: 'name', asc: true });
  });

  it('lets rows be picked and tells which', async () => {
    const onChange = vi.fn();
    const two = [...rows, { id: 2, name: '习题.docx', size: '1KB' }];
    render(
      <ListTable<Row>
        label="我的资源"
        storeKey="picked"
        columns={columns}
        records={two}
        idAccessor="id"
        noRecordsText="暂无资源"
        selection={{ selected: [two[0]!], onChange, label: (r) => r.name }}
      />,
    );
    expect(screen.getByRole('checkbox', { name: '选择 讲义.pdf' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: '选择 习题.docx' }));
    expect(onChange).toHaveBeenLastCalledWith(two);
    await userEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('draws columns that vary with the data quietly, keeping what the user set', async () => {
    const error = vi.spyOn(console, 'error');
    const varying = (extra: string[]) => (
      <ListTable<Row>
        label="统计"
        storeKey="varying"
        columnsVary
        columns={[...columns.slice(0, 2), ...extra.map((e) => ({ accessor: e, title: e, render: () => '1' }))]}
        records={rows}
        idAccessor="id"
        noRecordsText="无"
      />
    );
    const view = render(varying([]));
    await userEvent.click(screen.getByRole('button', { name: '统计：列设置' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /^大小/ }));
    view.rerender(varying(['家访']));
    view.rerender(varying(['家访', '电话']));
    const table = screen.getByRole('table', { name: '统计' });
    expect(within(table).getByRole('columnheader', { name: /^电话/ })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: /^大小/ })).not.toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
