import { describe, expect, it } from 'vitest';
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
    expect(localStorage.getItem('test-table-columns-toggle')).toContain('"toggled":false');

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
});
