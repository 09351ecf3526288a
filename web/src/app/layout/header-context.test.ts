import { describe, expect, it } from 'vitest';
import { selectorsFor, subtitleFor } from './header-context';

describe('header selectors by route', () => {
  it('shows school and subject on data-centre pages', () => {
    expect(selectorsFor('/dataCenter/dataBoard')).toBe('school-subject');
  });
  it('shows none on service, QC, examination, development, feedback and plan pages', () => {
    for (const p of [
      '/easyServer/myTask',
      '/qualityCheckManagement/taskManage',
      '/easyexamination/offlineExam/examList',
      '/easyDevelop/textbookLibrary',
      '/easyServer/feedbackEdit',
      '/feedbackpreview',
      '/planReport',
    ]) {
      expect(selectorsFor(p)).toBe('none');
    }
  });
  it('shows province and subject elsewhere', () => {
    expect(selectorsFor('/main/home')).toBe('province-subject');
    expect(selectorsFor('/knowledgeRepository/mainSpace')).toBe('province-subject');
  });
  it('names the sub-product', () => {
    expect(subtitleFor('/dataCenter/dataBoard')).toBe('数据中心');
    expect(subtitleFor('/easyServer/myTask')).toBe('易服务');
    expect(subtitleFor('/main/home')).toBe('组卷');
  });
  it('takes the sub-product from the section the route is in (01 §2)', () => {
    expect(subtitleFor('/qualityCheckManagement/examGrades')).toBe('易管理');
    expect(subtitleFor('/easyexamination/offlineExam/examList')).toBe('易考试');
    expect(subtitleFor('/easyServer/feedbackEdit')).toBe('易服务');
    expect(subtitleFor('/dataCenter')).toBe('数据中心');
    // Sections without a sub-product of their own, and pages of no section.
    expect(subtitleFor('/easyLessonPreparation/lectureLibrary')).toBe('组卷');
    expect(subtitleFor('/downloadCenter')).toBe('组卷');
    // Whole path segments: a page whose name only contains a section's does not belong to it.
    expect(subtitleFor('/dataCenterArchive')).toBe('组卷');
  });
});
