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
});
