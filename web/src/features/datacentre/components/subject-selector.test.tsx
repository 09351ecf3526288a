import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, within } from '@/testing/test-utils';
import { dcSearchStore, resetDcSearch } from '../dc-search-store';
import { dcServer } from '../test-helpers';
import { SubjectSelector } from './subject-selector';

beforeEach(() => resetDcSearch());
afterEach(() => vi.unstubAllGlobals());

describe('SubjectSelector', () => {
  it('searches every subject by default and the chosen ones once chosen, 全部学科 excluding the others', async () => {
    dcServer();
    render(<SubjectSelector />);
    await userEvent.click(screen.getByRole('button', { name: '学科：全部学科' }));
    const group = await screen.findByRole('group', { name: '学科' });
    expect(within(group).getByRole('checkbox', { name: '全部学科' })).toBeChecked();

    await userEvent.click(await within(group).findByRole('checkbox', { name: '数学' }));
    expect(dcSearchStore.get().subjects).toEqual([54]);
    expect(within(group).getByRole('checkbox', { name: '全部学科' })).not.toBeChecked();
    await userEvent.click(within(group).getByRole('checkbox', { name: '物理' }));
    expect(dcSearchStore.get().subjects).toEqual([54, 56]);
    expect(screen.getByRole('button', { name: '学科：数学、物理' })).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('checkbox', { name: '英语' }));
    expect(screen.getByRole('button', { name: '学科：已选3个学科' })).toBeInTheDocument();

    await userEvent.click(within(group).getByRole('checkbox', { name: '全部学科' }));
    expect(dcSearchStore.get().subjects).toEqual([-1]);
    // Unchecking the last subject is 全部学科 again.
    await userEvent.click(within(group).getByRole('checkbox', { name: '英语' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: '英语' }));
    expect(dcSearchStore.get().subjects).toEqual([-1]);
  });
});
