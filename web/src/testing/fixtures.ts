import type { MenuItem } from '@/generated/MenuItem';
import type { UserInfo } from '@/generated/UserInfo';

export function userInfo(patch: Partial<UserInfo> = {}): UserInfo {
  return {
    e2uid: 'u1',
    userAvatar: '',
    userName: '王老师',
    userEmail: 'teacher@demo.eduhub',
    subjectList: [
      { code: 54, name: '数学' },
      { code: 56, name: '物理' },
    ],
    selectedStage: { code: 4, name: '高中' },
    stageList: [
      {
        code: 4,
        name: '高中',
        sort: 1,
        subjects: [
          { code: 54, name: '数学' },
          { code: 56, name: '物理' },
        ],
      },
      { code: 3, name: '初中', sort: 2, subjects: [{ code: 54, name: '数学' }] },
    ],
    roleList: [{ code: 'teacher', name: '教师', current: true, icon: '' }],
    roleTags: [],
    schoolAreaCodesMap: {},
    superuser: false,
    superUserEmail: null,
    superUserName: null,
    selectedProvince: { code: '11', name: '北京' },
    schoolList: [{ id: 1, name: '海淀校区', localEdition: false }],
    selectedSchool: { id: 1, name: '海淀校区', localEdition: false },
    selectedSubject: { code: 54, name: '数学' },
    e2qwuid: '',
    ...patch,
  };
}

export const teacherMenu: MenuItem[] = [
  {
    code: 'KNOWLEDGEREPOSITORY',
    name: '知识库',
    url: 'knowledgeRepository',
    level: 1,
    children: [],
  },
  {
    code: 'KNOWLEDGESELECTION',
    name: '选题组卷',
    url: 'knowledgeSelection',
    level: 1,
    children: [{ code: 'PAPERLIBRARY', name: '试卷库', url: 'paperLibrary', level: 2, children: [] }],
  },
  { code: 'AIASSISTANT', name: 'AI 助手', url: 'aiAssistant', level: 1, children: [] },
];

const entry = (code: string, name: string, url: string): MenuItem => ({ code, name, url, level: 2, children: [] });
const group = (code: string, name: string, url: string, children: MenuItem[] = []): MenuItem => ({
  code,
  name,
  url,
  level: 1,
  children,
});

/** The demo teacher's menu as the server seeds it (a part of each group's entries). */
export const seededTeacherMenu: MenuItem[] = [
  group('KNOWLEDGEREPOSITORY', '知识库', 'knowledgeRepository', [
    entry('KR_MAINSPACE', '我的空间', 'mainSpace'),
    entry('KR_STATISTICS', '使用统计', 'statistics'),
  ]),
  group('KNOWLEDGESELECTION', '选题组卷', 'knowledgeSelection', [entry('KS_PAPER_LIBRARY', '试卷库', 'paperLibrary')]),
  group('EASYCORRECT', '易批改', 'easyCorrect', [
    entry('EC_PAPER_ANALYSIS', '试卷分析', 'paperAnalysis'),
    entry('EC_TEACHER_CORRECT', '老师批改', 'teacherCorrect'),
  ]),
  group('EASYSERVER', '易服务', 'easyServer', [
    entry('ES_STUDENTS', '我的学生', 'studentList'),
    entry('ES_SCHEDULE', '我的课表', 'myScheduleList'),
  ]),
  group('EASYLESSONPREPARATION', '易备课', 'easyLessonPreparation', [
    entry('EL_LECTURES', '讲义库', 'lectureLibrary'),
    entry('EL_MATERIALS', '教辅资料', 'teachingMaterial'),
  ]),
  group('APPLICATIONCENTER', '应用中心', 'applicationCenter'),
  group('AIASSISTANT', 'AI助手', 'aiAssistant', [entry('AI_WELCOME', 'AI助手', 'welcomePage')]),
];

/** Every top-level group, each opening its whole section (an admin's menu, entries left out). */
export const allGroupsMenu: MenuItem[] = [
  group('KNOWLEDGEREPOSITORY', '知识库', 'knowledgeRepository'),
  group('KNOWLEDGESELECTION', '选题组卷', 'knowledgeSelection'),
  group('EASYCORRECT', '易批改', 'easyCorrect'),
  group('EASYSERVER', '易服务', 'easyServer'),
  group('EASYEXAMINATION', '易考试', 'easyexamination'),
  group('DATACENTER', '数据中心', 'dataCenter'),
  group('APPLICATIONCENTER', '应用中心', 'applicationCenter'),
  group('QUALITYCHECKMANAGEMENT', '质检管理', 'qualityCheckManagement'),
  group('EASYDEVELOP', '易研发', 'easyDevelop'),
  group('EASYLESSONPREPARATION', '易备课', 'easyLessonPreparation'),
  group('AIASSISTANT', 'AI助手', 'aiAssistant'),
];

/** The administration group as the server seeds it for the admin role (issue 18). */
export const administrationMenu: MenuItem = group('ADMINISTRATION', '系统管理', 'administration', [
  entry('AD_ORG', '组织架构', 'adminOrg'),
  entry('AD_ACCOUNTS', '账号管理', 'adminAccounts'),
  entry('AD_MENUS', '菜单与白名单', 'adminMenus'),
  entry('AD_NOTICES', '通知公告', 'adminNotices'),
  entry('AD_BANNERS', '首页轮播', 'adminBanners'),
  entry('AD_AUDIT', '审计日志', 'adminAuditLog'),
]);
