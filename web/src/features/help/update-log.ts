// The release notes bundled with the web app, newest first (the 更新日志 page).

export interface ReleaseEntry {
  /** YYYY-MM-DD */
  date: string;
  title: string;
  changes: readonly string[];
}

export const RELEASES: readonly ReleaseEntry[] = [
  {
    date: '2026-11-22',
    title: '文件上传',
    changes: ['大文件分片上传：分片可任意顺序上传、失败可重试，每片校验，合并后整体校验。'],
  },
  {
    date: '2026-11-22',
    title: '下载中心',
    changes: [
      '下载任务排队生成，状态与进度实时推送，页面无需刷新。',
      '通知列表、下载记录可导出为 Excel（单次最多 10 万行）。',
      '右上角下载列表显示排队与完成数量，已完成的文件可直接下载、重新下载或删除。',
    ],
  },
  {
    date: '2026-11-22',
    title: '课堂反馈报告协同编辑',
    changes: [
      '多位老师可同时编辑同一份课堂反馈报告，实时显示彼此的光标与头像。',
      '只读成员与已提交的报告以只读方式打开；权限变化后自动切换。',
      '生成免登录的只读预览链接与二维码，便于分享给家长。',
    ],
  },
  {
    date: '2026-11-22',
    title: '工作台上线',
    changes: [
      '邮箱密码登录，多次输错后需输入图形验证码。',
      '切换身份：持有多个角色的账号可切换当前角色，菜单随之变化。',
      '通知实时推送并弹窗提醒，断线重连后自动补收。',
    ],
  },
];
