import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { act, render, screen } from '@/testing/test-utils';
import { addTab, tabsStore } from '../tabs-store';
import { PageTabs } from './page-tabs';

const pages = Array.from({ length: 12 }, (_, i) => ({ name: `P${i}`, path: `/p/${i}`, title: `页面${i}` }));

beforeEach(() => {
  tabsStore.set({ visited: [], cached: [] });
  pages.forEach(addTab);
});
afterEach(() => vi.restoreAllMocks());

describe('PageTabs', () => {
  it('scrolls the active tab into view, again when the page changes', async () => {
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.textContent);
    });
    const router = createMemoryRouter([{ path: '*', element: <PageTabs /> }], { initialEntries: ['/p/11'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('tab', { name: /页面11/ })).toHaveAttribute('aria-selected', 'true');
    expect(scrolled).toEqual(['页面11']);
    await act(() => router.navigate('/p/3'));
    expect(scrolled).toEqual(['页面11', '页面3']);
  });
});
