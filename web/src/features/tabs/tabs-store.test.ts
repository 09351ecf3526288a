import { beforeEach, describe, expect, it } from 'vitest';
import { addTab, moveTab, removeAllTabs, removeOtherTabs, removeTab, tabsStore, updateTab } from './tabs-store';

const home = { name: 'Home', path: '/main/home', title: '首页' };
const a = { name: 'MainSpace', path: '/knowledgeRepository/mainSpace', title: '我的空间' };
const b = { name: 'KnowledgeSectionEdit', path: '/knowledgeSectionEdit?paperId=1', title: '编辑', noCache: true };

beforeEach(() => tabsStore.set({ visited: [], cached: [] }));

describe('open-page tabs', () => {
  it('adds titled pages once and caches unless noCache', () => {
    addTab(home);
    addTab(a);
    addTab(a);
    addTab(b);
    addTab({ name: 'X', path: '/x', title: '' });
    expect(tabsStore.get().visited.map((t) => t.path)).toEqual([home.path, a.path, b.path]);
    expect(tabsStore.get().cached).toEqual(['Home', 'MainSpace', 'X']);
  });

  it('removes one, the others, or all', () => {
    [home, a, b].forEach(addTab);
    removeTab(a.path);
    expect(tabsStore.get().visited.map((t) => t.name)).toEqual(['Home', 'KnowledgeSectionEdit']);
    expect(tabsStore.get().cached).toEqual(['Home']);
    addTab(a);
    removeOtherTabs(a.path, [home.path]);
    expect(tabsStore.get().visited.map((t) => t.name)).toEqual(['Home', 'MainSpace']);
    removeAllTabs([home.path]);
    expect(tabsStore.get().visited.map((t) => t.name)).toEqual(['Home']);
  });

  it('reorders and updates', () => {
    [home, a, b].forEach(addTab);
    moveTab(2, 0);
    expect(tabsStore.get().visited.map((t) => t.name)).toEqual(['KnowledgeSectionEdit', 'Home', 'MainSpace']);
    updateTab(a.path, { title: '空间' });
    expect(tabsStore.get().visited[2]?.title).toBe('空间');
  });
});
