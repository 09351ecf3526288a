import { useEffect } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { render, waitFor } from '@/testing/test-utils';
import { addTab, tabsStore } from '../tabs-store';
import { useTabTitle } from './use-tab-title';

const PATH = `/easyDevelop/textbookLibrary/syllabus/3?title=${encodeURIComponent('必修一')}`;

beforeEach(() => tabsStore.set({ visited: [], cached: [] }));

/** A page titled by its query, under a layout that adds its tab after it rendered (as the main layout does). */
function Page({ title }: { title: string | null }) {
  useTabTitle(title);
  useEffect(() => addTab({ name: 'TextbookSyllabus', path: PATH, title: '教材目录' }), []);
  return null;
}

describe('useTabTitle', () => {
  it('titles the page’s tab by what the page shows once the tab is there', async () => {
    render(<Page title="必修一" />, { route: PATH });
    await waitFor(() =>
      expect(tabsStore.get().visited).toEqual([{ name: 'TextbookSyllabus', path: PATH, title: '必修一' }]),
    );
  });

  it('keeps the route’s title without one', async () => {
    render(<Page title={null} />, { route: PATH });
    await waitFor(() => expect(tabsStore.get().visited).toHaveLength(1));
    expect(tabsStore.get().visited[0]?.title).toBe('教材目录');
  });
});
