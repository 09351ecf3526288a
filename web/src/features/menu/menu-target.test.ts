import { describe, expect, it } from 'vitest';
import { seededTeacherMenu } from '@/testing/fixtures';
import { menuEntriesByRoute, menuLabelOf, mergeSoleNamesake, resolveMenu } from './menu-target';

describe('resolved menu entries', () => {
  it('names the route of a child whose url names none by its target', () => {
    const byRoute = menuEntriesByRoute(resolveMenu(seededTeacherMenu));
    expect(byRoute.get('KnowledgeStatistics')?.to).toBe('/knowledgeRepository/statistics');
    expect(byRoute.get('aiWelcomePage')?.to).toBe('/aiAssistant/welcomePage');
    expect(byRoute.get('StudentList')?.to).toBe('/easyServer/myStudent/studentList');
  });
});

describe('titles from the menu', () => {
  it('takes the menu label where the menu lists the route', () => {
    expect(menuLabelOf(seededTeacherMenu, 'TeacherCorrect')).toBe('老师批改');
    expect(menuLabelOf(seededTeacherMenu, 'KnowledgeStatistics')).toBe('使用统计');
    expect(menuLabelOf(seededTeacherMenu, 'TeachingMaterial')).toBe('教辅资料');
    expect(menuLabelOf(seededTeacherMenu, 'aiWelcomePage')).toBe('AI助手');
  });

  it('has none for a route the menu does not list', () => {
    expect(menuLabelOf(seededTeacherMenu, 'StudentDetail')).toBeNull();
    expect(menuLabelOf([], 'TeacherCorrect')).toBeNull();
  });
});

describe('a group with one child of its own name', () => {
  const [ai] = resolveMenu(seededTeacherMenu.filter((m) => m.code === 'AIASSISTANT'));
  const [service] = resolveMenu(seededTeacherMenu.filter((m) => m.code === 'EASYSERVER'));

  it('is one entry leading to the child', () => {
    const merged = mergeSoleNamesake(ai!);
    expect(merged.children).toEqual([]);
    expect(merged.to).toBe('/aiAssistant/welcomePage');
    expect(merged.item.code).toBe('AIASSISTANT');
    // Still active on the section's other pages.
    expect(merged.routeName).toBe('AiAssistant');
  });

  it('leaves other groups alone', () => {
    expect(mergeSoleNamesake(service!)).toBe(service);
  });
});
