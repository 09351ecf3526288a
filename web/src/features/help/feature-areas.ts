// The product's areas as the 功能介绍 page presents them.

import { paths } from '@/config/paths';

export interface FeatureArea {
  title: string;
  description: string;
  /** The route the area opens with, when it has one without parameters. */
  routeName?: string;
}

export const FEATURE_AREAS: readonly FeatureArea[] = [
  {
    title: '首页',
    description:
      '登录后的工作台：横幅公告、新增资源与待办任务计数；从左侧菜单进入各业务模块，打开过的页面以标签页保留。',
    routeName: paths.home.name,
  },
  {
    title: '知识库与讲义',
    description: '“我的空间”集中存放题集、讲义、训练营与文件，大文件可分片上传；讲义按章节编写，多位老师可同时编辑。',
    routeName: paths.knowledgeRepositoryMainSpace.name,
  },
  {
    title: '课堂反馈报告',
    description:
      '课后撰写课堂反馈报告：多位老师实时协同编辑，看得到彼此的光标与头像；提交后只读；可生成免登录的只读预览链接与二维码，发给家长查看。',
  },
  {
    title: '下载中心',
    description:
      '导出与下载任务排队生成，进度实时更新、无需刷新；通知列表、下载记录可导出为 Excel；右上角下载图标可查看最近的下载。',
    routeName: paths.downloadCenter.name,
  },
  {
    title: '通知公告',
    description: '管理员发布的通知实时推送到页面并弹窗提醒；右上角铃铛查看未读通知；网络断开重连后自动补收期间的通知。',
  },
  {
    title: '数据中心',
    description: '按校区与学段学科查看数据看板、出勤与退费明细、各类课程使用与备课统计、反馈与首课统计。',
    routeName: 'DataCenter',
  },
  {
    title: '质检管理',
    description: '质检任务与通用任务管理、服务质检、工作任务质检与统计，以及质检、服务与流程配置。',
    routeName: 'QualityCheckManagement',
  },
];
