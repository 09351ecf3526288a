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
