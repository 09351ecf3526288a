import { describe, expect, it } from 'vitest';
import { administrationMenu, allGroupsMenu, seededTeacherMenu } from '@/testing/fixtures';
import type { MenuItem } from '@/generated/MenuItem';
import { mayOpenRoute, menuGroupOf } from './menu-access';

describe('menu groups of routes', () => {
  it('finds the group of a section page, of a section, and of a single page that is a group', () => {
    expect(menuGroupOf('DataBoard')).toBe('DATACENTER');
    expect(menuGroupOf('DataCenter')).toBe('DATACENTER');
    expect(menuGroupOf('StudentDetail')).toBe('EASYSERVER');
    expect(menuGroupOf('ExamList')).toBe('EASYEXAMINATION');
    expect(menuGroupOf('ApplicationCenter')).toBe('APPLICATIONCENTER');
  });

  it('finds none for pages in no menu, and for sections no menu group names', () => {
    for (const name of [
      'Home',
      'DownloadCenter',
      'HelpFeatureIntro',
      'KnowledgeSectionEdit',
      'Classes',
      'StartRecord',
    ]) {
      expect(menuGroupOf(name), name).toBeNull();
    }
  });
});

describe('which pages the menu opens (01 §6)', () => {
  it('sends the teacher away from the data centre and the QC pages', () => {
    for (const name of ['DataBoard', 'DataCenter', 'AttendDetails', 'ServeQC', 'ExamGrades', 'ExamList']) {
      expect(mayOpenRoute(seededTeacherMenu, name), name).toBe(false);
    }
  });

  it("opens the teacher's menu entries and the pages reached from them", () => {
    for (const name of [
      'StudentList',
      'StudentDetail',
      'ScheduleDetail',
      'MyScheduleList',
      'KnowledgeStatistics',
      'TeacherCorrect',
      'aiWelcomePage',
      'aiChatPage',
      'ApplicationCenter',
    ]) {
      expect(mayOpenRoute(seededTeacherMenu, name), name).toBe(true);
    }
  });

  it('opens pages in no menu to everyone', () => {
    for (const name of [
      'Home',
      'DownloadCenter',
      'HelpFeatureIntro',
      'KnowledgeSectionEdit',
      'Classes',
      'CatalogGeneration',
    ]) {
      expect(mayOpenRoute([], name), name).toBe(true);
    }
  });

  it('opens the feedback report by link without the service group (the server checks the report)', () => {
    expect(mayOpenRoute([], 'feedbackEdit')).toBe(true);
    expect(mayOpenRoute([], 'feedbackPreview')).toBe(true);
    expect(mayOpenRoute([], 'StudentDetail')).toBe(false);
  });

  it('refuses a menu entry that the user’s group does not list', () => {
    // The teacher's 选题组卷 lists only 试卷库; 易服务 lists no 我的班级.
    expect(mayOpenRoute(seededTeacherMenu, 'PaperLibrary')).toBe(true);
    expect(mayOpenRoute(seededTeacherMenu, 'KnowledgePaper')).toBe(false);
    expect(mayOpenRoute(seededTeacherMenu, 'MyClassesList')).toBe(false);
    // A section page that is no menu entry still opens with the group.
    expect(mayOpenRoute(seededTeacherMenu, 'PersonalQuestionBank')).toBe(true);
  });

  it('opens everything to a menu with every group (the admin)', () => {
    for (const name of ['DataBoard', 'ServeQC', 'ExamList', 'KnowledgePaper', 'MyClassesList', 'TextbookLibrary']) {
      expect(mayOpenRoute(allGroupsMenu, name), name).toBe(true);
    }
  });

  it('opens a whole section when its group lists no entries', () => {
    const menu: MenuItem[] = [{ code: 'DATACENTER', name: '数据中心', url: 'dataCenter', level: 1, children: [] }];
    expect(mayOpenRoute(menu, 'DataBoard')).toBe(true);
    expect(mayOpenRoute(menu, 'StudentList')).toBe(false);
  });

  it('opens the administration pages its group lists, and to a super user by address', () => {
    const adminPages = ['AdminOrg', 'AdminAccounts', 'AdminMenus', 'AdminNotices', 'AdminBanners', 'AdminAuditLog'];
    for (const name of adminPages) {
      expect(menuGroupOf(name), name).toBe('ADMINISTRATION');
      expect(mayOpenRoute([administrationMenu], name), name).toBe(true);
      expect(mayOpenRoute(seededTeacherMenu, name), name).toBe(false);
      expect(mayOpenRoute(seededTeacherMenu, name, true), name).toBe(true);
    }
    // An entry taken away from the role is closed (to anyone but a super user).
    const withoutAudit: MenuItem = {
      ...administrationMenu,
      children: administrationMenu.children.filter((c) => c.url !== 'adminAuditLog'),
    };
    expect(mayOpenRoute([withoutAudit], 'AdminAuditLog')).toBe(false);
    expect(mayOpenRoute([withoutAudit], 'AdminOrg')).toBe(true);
    // Super users open no other group by address.
    expect(mayOpenRoute(seededTeacherMenu, 'DataBoard', true)).toBe(false);
  });
});
