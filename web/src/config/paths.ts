// The single list of the app's routes (spec 01 §2, 03 §2).
//
// Every route has a name: the left menu finds its target by capitalising the first letter of a
// menu item's url, and the active menu item is found by the names of the matched routes.

export interface RouteDef {
  /** Route name, e.g. 'MainSpace'. */
  name: string;
  /** Absolute path; `:x` for parameters. */
  path: string;
  /** Page title, used by the open-page tabs. */
  title: string;
  /** The page is not kept in the cached list of the open-page tabs. */
  noCache?: boolean;
}

export interface SectionDef extends RouteDef {
  /** Shown under the logo in the header. */
  subtitle?: string;
  children: RouteDef[];
}

const route = (name: string, path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  name,
  path,
  title,
  ...extra,
});

export const paths = {
  root: '/',
  login: route('Login', '/login', '登录'),
  /** Self-registration, no login; ?invitation={token} registers through an invitation link. */
  register: route('Register', '/register', '注册账号'),
  /** A new password through a reset link, no login: ?token={token}. */
  resetPassword: route('ResetPassword', '/resetPassword', '重置密码'),
  /** The first set-up of a fresh install, no login: ?token={the link printed at start}. */
  setup: route('Setup', '/setup', '系统初始化'),
  home: route('Home', '/main/home', '首页'),
  noAuth: route('NoAuth', '/noAuth', '暂无权限'),
  notFound: route('NotFound', '/404', '页面不存在'),
  downloadCenter: route('DownloadCenter', '/downloadCenter', '下载中心'),
  knowledgeRepositoryMainSpace: route('MainSpace', '/knowledgeRepository/mainSpace', '我的空间'),
  /** The lesson feedback report editor: ?id={reportId}. */
  feedbackEdit: route('feedbackEdit', '/easyServer/feedbackEdit', '反馈编辑'),
  /** The report, read-only: ?id={reportId}&from={2|4 from the work-chat app}. */
  feedbackPreview: route('feedbackPreview', '/easyServer/feedbackPreview', '反馈预览'),
  /** The handout editor: ?paperId={id}&ver=0 (03 §2). */
  knowledgeSectionEdit: route('KnowledgeSectionEdit', '/knowledgeSectionEdit', '编辑', { noCache: true }),
  /** The report's standalone preview, no login: ?token={signed preview token} (qrcode/generate). */
  feedbackPreviewPc: route('FeedbackPreviewPc', '/feedbackPreviewPc', '反馈预览'),
  /** A learning camp's join link for students, no login: ?token={signed join token} (getQrCode). */
  campJoin: route('CampJoin', '/campJoin', '加入学习营'),
  /** The help menu's own pages, used when the shell configuration gives no external link. */
  helpDemoVideo: route('HelpDemoVideo', '/help/demoVideo', '演示视频'),
  helpFeatureIntro: route('HelpFeatureIntro', '/help/featureIntro', '功能介绍'),
  helpUpdateLog: route('HelpUpdateLog', '/help/updateLog', '更新日志'),
} as const;

/** Builds a section whose children live under `base`. */
function section(
  name: string,
  base: string,
  title: string,
  children: [name: string, subPath: string, title: string][],
  subtitle?: string,
): SectionDef {
  return {
    name,
    path: base,
    title,
    subtitle,
    children: children.map(([n, p, t]) => route(n, `${base}/${p}`, t)),
  };
}

/** Sections of the main layout whose pages belong to later issues. */
export const sections: SectionDef[] = [
  section('KnowledgeRepository', '/knowledgeRepository', '知识库', [
    ['MainSpace', 'mainSpace', '我的空间'],
    ['KnowledgeStatistics', 'statistics', '知识库统计'],
    ['TrainingStatistics', 'training/trainingStatistics', '训练营统计'],
    ['TrainingCamps', 'training/camps', '学习营'],
    ['TrainingCampEdit', 'training/camp/:id', '学习营编辑'],
    ['PaperStatistics', 'training/paperStatistics', '试卷统计'],
    ['TaskResourceStatistics', 'training/taskResourceStatistics', '任务资源统计'],
    ['FlashCardStatistics', 'flashCardStatistics', '闪卡统计'],
    ['UploadFiles', 'uploadFiles', '上传文件'],
    ['UploadMedia', 'uploadMedia', '上传音视频'],
  ]),
  section('KnowledgeSelection', '/knowledgeSelection', '选题组卷', [
    ['TextBookChapters', 'textBookChapters', '教材章节'],
    ['KnowledgePaper', 'knowledgePaper', '知识点组卷'],
    ['PaperLibrary', 'paperLibrary', '试卷库'],
    ['PersonalQuestionBank', 'personalQuestionBank', '个人题库'],
    ['ExaminationAnalysisList', 'examinationAnalysisList', '考试分析'],
  ]),
  section('AiAssistant', '/aiAssistant', 'AI 助手', [
    ['aiWelcomePage', 'welcomePage', 'AI 助手'],
    ['aiChatPage', 'chatPage', 'AI 对话'],
  ]),
  section(
    'DataCenter',
    '/dataCenter',
    '数据中心',
    [
      ['DataBoard', 'dataBoard', '数据看板'],
      ['RefundDetails', 'refundDetails', '退费明细'],
      ['AttendDetails', 'attendDetails', '出勤明细'],
      ['BasicTrainingExamination', 'basicTrainingExamination', '基础训练考试'],
      ['ServeDetails', 'serveDetails', '服务明细'],
      ['OneUsageStatistics', 'oneUsageStatistics', '一对一使用统计'],
      ['ClassUsageStatistics', 'classUsageStatistics', '班课使用统计'],
      ['OneLessonPrepStatustics', 'oneLessonPrepStatustics', '一对一备课统计'],
      ['ClassLessonPrepStatistics', 'classLessonPrepStatistics', '班课备课统计'],
      ['GroupUsageStatistics', 'groupUsageStatistics', '小组课使用统计'],
      ['FullDayUsageStatistics', 'fullDayUsageStatistics', '全日制使用统计'],
      ['SystemUsageStatistics', 'systemUsageStatistics', '系统使用统计'],
      ['FeedbackStatistics', 'feedbackStatistics', '反馈统计'],
      ['FirstWholeStatistics', 'firstWholeStatistics', '首课整体统计'],
      ['TeacherFirstStatistics', 'teacherFirstStatistics', '教师首课统计'],
      ['ConsultantFirstStatistics', 'consultantFirstStatistics', '顾问首课统计'],
      ['LearnManageFirstStatistics', 'learnManageFirstStatistics', '学管首课统计'],
      ['OnlineAuxiliaryStat', 'onlineAuxiliaryStat', '辅导老师直播课统计'],
      ['OnlineMainTeacherStat', 'onlineMainTeacherStat', '主讲老师直播课统计'],
    ],
    '数据中心',
  ),
  section('EasyCorrect', '/easyCorrect', '易批改', [
    ['PaperAnalysis', 'paperAnalysis', '试卷分析'],
    ['TeacherCorrect', 'teacherCorrect', '教师批改'],
    ['MarkAnswer', 'markAnswer', '标注答案'],
  ]),
  section('EasyDevelop', '/easyDevelop', '易研发', [
    ['KnowledgeSlicing', 'knowledgeSlicing', '知识切片'],
    ['TextbookLibrary', 'textbookLibrary', '教材库'],
    ['TeachingAidlibrary', 'teachingAidlibrary', '教辅库'],
    ['TeachingAidSyllabus', 'teachingAidlibrary/syllabus/:sign', '教辅目录'],
    ['TextbookSyllabus', 'textbookLibrary/syllabus/:sign', '教材目录'],
    ['Flashcards', 'Flashcards', '闪卡'],
    ['OneOnOneClassList', 'OneOnOneClassList', '一对一课程'],
  ]),
  section('EasyLessonPreparation', '/easyLessonPreparation', '易备课', [
    ['LectureLibrary', 'lectureLibrary', '讲义库'],
    ['AssembleLecture', 'lectureLibrary/assembleLecture/:any/:subject/:stage/:atlasType/:schoolId/:knwDirId', '组讲义'],
    ['TeachingMaterial', 'teachingMaterial', '教辅资料'],
    ['TeachingInstruction', 'teachingInstruction', '教学大纲'],
    ['FlashcardLibrary', 'flashcardLibrary', '闪卡库'],
    ['InsightLearningSituation', 'insightLearningSituation', '学情洞察'],
  ]),
  section(
    'EasyServer',
    '/easyServer',
    '易服务',
    [
      ['StudentList', 'myStudent/studentList', '我的学生'],
      ['StudentDetail', 'myStudent/studentDetail/:id', '学生详情'],
      ['MyClassesList', 'myClasses/myClassesList', '我的班级'],
      ['MyClassesDetail', 'myClasses/myClassesDetail/:id', '班级详情'],
      ['OnlineMyClassesDetail', 'myClasses/onlineMyClassesDetail/:id', '线上班级详情'],
      ['MyScheduleList', 'mySchedule/myScheduleList', '我的课表'],
      ['MyFeedback', 'myFeedback', '我的反馈'],
      ['OnlineScheduleDetail', 'mySchedule/onlineScheduleDetail/:id', '线上课表详情'],
      ['PatrolSitePage', 'patrolSitePage/:id', '巡课'],
      ['WatchLessonPage', 'watchLessonPage/:id', '看课'],
      ['PlaybackPage', 'playbackPage/:id', '回放'],
      ['ScheduleDetail', 'scheduleDetail/:id', '课表详情'],
      ['ClassStudySituationReport', 'classStudySituationReport', '班级学情报告'],
      ['ClassSummaryReport', 'classSummaryReport', '班级总结报告'],
      ['MyTask', 'myTask', '我的任务'],
      ['WorkTaskDetail', 'workTaskDetail', '任务详情'],
      ['StudentDynamicFollowup', 'studentDynamicFollowup', '学员动态跟进'],
      ['OneOnOneClassPlan', 'OneOnOneClassPlan', '一对一课程计划'],
      ['analysisModule', 'analysisModule', '学情分析'],
      ['selectErrorQuestion', 'selectErrorQuestion', '选择错题'],
      ['FullVolumeAnalysis', 'fullVolumeAnalysis', '全卷分析'],
      ['TemplateAnalysis', 'templateAnalysis', '模板分析'],
      ['FullPageSelectQuestion', 'fullPageSelectQuestion', '整页选题'],
      ['reportingEdit', 'reportingEdit', '报告编辑'],
      ['reportingPreview', 'reportingPreview', '报告预览'],
      ['StageReportPreview', 'stageReportPreview', '阶段报告预览'],
      [paths.feedbackEdit.name, 'feedbackEdit', paths.feedbackEdit.title],
      [paths.feedbackPreview.name, 'feedbackPreview', paths.feedbackPreview.title],
      ['planReport', 'planReport', '规划报告'],
    ],
    '易服务',
  ),
  section(
    'QualityCheckManagement',
    '/qualityCheckManagement',
    '质检管理',
    [
      ['TaskManage', 'taskManage', '任务管理'],
      ['CommonTaskManage', 'commonTaskManage', '通用任务管理'],
      ['WorkTaskQcManage', 'workTaskQcManage', '工作任务质检'],
      ['WorkTaskStatistics', 'workTaskStatistics', '工作任务统计'],
      ['ServeQC', 'serveQC', '服务质检'],
      ['ServeConfig', 'serveConfig', '服务配置'],
      ['QcConfig', 'qcConfig', '质检配置'],
      ['QcCount', 'qcCount', '质检统计'],
      ['ExamGrades', 'examGrades', '考试成绩'],
      ['ProjectTeamManage', 'projectTeamManage', '项目组管理'],
      ['WorkflowConfig', 'workflowConfig', '流程配置'],
      ['OnlineLessonSetup', 'onlineLessonSetup', '线上课设置'],
      ['OnlineWhiteConfigPage', 'onlineWhiteConfigPage/:reminderType', '白名单配置'],
      ['StudentDynamicManage', 'studentDynamicManage', '学员动态管理'],
    ],
    '易管理',
  ),
  section(
    'Easyexamination',
    '/easyexamination',
    '易考试',
    [
      ['ExamList', 'offlineExam/examList', '考试列表'],
      ['ExamDetail', 'offlineExam/examDetail', '考试详情'],
      ['ExamGroups', 'offlineExam/examGroups', '考试分组'],
    ],
    '易考试',
  ),
  section('PaperCollection', '/paperCollection', '试卷收集', [
    ['PaperShow', 'paperShow', '讲义审核与发布'],
    ['PaperCollectionStatistics', 'statistics', '收集统计'],
  ]),
  section('CourseCenter', '/courseCenter', '课程中心', [
    ['Classes', 'classes', '班课'],
    ['Vips', 'vips', '个性化课程'],
    ['High', 'high', '小组课'],
    ['VipsHistory', 'vipsHistory', '历史课程'],
  ]),
  section(
    'Administration',
    '/administration',
    '系统管理',
    [
      ['AdminOrg', 'org', '组织架构'],
      ['AdminAccounts', 'accounts', '账号管理'],
      ['AdminMenus', 'menus', '菜单与白名单'],
      ['AdminNotices', 'notices', '通知公告'],
      ['AdminBanners', 'banners', '首页轮播'],
      ['AdminAuditLog', 'auditLog', '审计日志'],
    ],
    '系统管理',
  ),
  section('BatchImport', '/batchImport', '批量导入', [['ImportFile', 'importFile', '导入文件']]),
  // Lesson visits: ProceedRecord and RecordStudentList take ?id={visitId}, StartRecord
  // ?lessonId= to start one at once, RecordScan ?code={a lesson's scan code}.
  section('RecordTool', '/recordTool', '听课记录', [
    ['StartRecord', 'startRecord', '开始听课'],
    ['ProceedRecord', 'proceedRecord', '听课记录表'],
    ['RecordStudentList', 'recordStudentList', '听课学生'],
    ['RecordScan', 'recordScan', '扫码听课'],
    ['TestLayout', 'testLayout', '记录表版式'],
    ['RecordVisitManage', 'recordVisitManage', '听课管理'],
  ]),
];

/**
 * The section pages that are entries of the server's menu (the menu tree the server seeds, each
 * url capitalised or resolved under its group). Such a page opens only when the user's menu lists
 * it; the section's other pages (details, editors, reports reached from a list) open with the
 * section's group.
 */
export const MENU_ENTRY_ROUTES: ReadonlySet<string> = new Set([
  'MainSpace',
  'KnowledgeStatistics',
  'TrainingCamps',
  'TrainingStatistics',
  'TextBookChapters',
  'KnowledgePaper',
  'PaperLibrary',
  'PaperAnalysis',
  'TeacherCorrect',
  'StudentList',
  'MyClassesList',
  'MyScheduleList',
  'MyFeedback',
  'MyTask',
  'ExamList',
  'ExamGroups',
  // Every data-centre page is one.
  ...(sections.find((s) => s.name === 'DataCenter')?.children.map((c) => c.name) ?? []),
  'TaskManage',
  'ServeQC',
  'QcCount',
  'ExamGrades',
  'ServeConfig',
  'QcConfig',
  'ProjectTeamManage',
  'WorkTaskQcManage',
  'WorkTaskStatistics',
  'OnlineLessonSetup',
  'KnowledgeSlicing',
  'TextbookLibrary',
  'LectureLibrary',
  'TeachingMaterial',
  'FlashcardLibrary',
  'aiWelcomePage',
  // Every administration page is one.
  ...(sections.find((s) => s.name === 'Administration')?.children.map((c) => c.name) ?? []),
]);

/** Single pages of the main layout (most of them belong to later issues). */
export const laterPages: RouteDef[] = [
  paths.downloadCenter,
  route('ApplicationCenter', '/applicationCenter', '应用中心'),
  route('CorrectionNotebook', '/correctionNotebook', '错题本'),
  route('CatalogGeneration', '/catalogGeneration', '目录生成'),
  route('ExamReport', '/examReport', '考试报告'),
  route('paperCollectionReport', '/paperCollectionReport', '试卷收集报告'),
  paths.knowledgeSectionEdit,
  paths.helpDemoVideo,
  paths.helpFeatureIntro,
  paths.helpUpdateLog,
  route('FirstClassTaskScan', '/firstClassTask/scan', '首课任务扫描'),
  route('FirstClassTaskSubmit', '/firstClassTask/submit', '首课任务提交'),
  route('BatchSubmit', '/firstClassTask/batchSubmit', '批量提交'),
  route('FirstTaskDetail', '/firstTaskDetail', '首课任务详情'),
];

/**
 * Routes exempt from login and user-info loading (spec 01 §2). They are standalone pages outside
 * the main layout; all of them belong to later issues.
 */
export const EXEMPT_ROUTE_NAMES = [
  'TestPaperCenter',
  'NoAuth',
  'DownloadPreViewPdf',
  'DownloadCoctNtbk',
  'DownloadXSTBook',
  'ReportingPreviewPdf',
  'StageReportDownload',
  'PaperCollectionReportDownload',
  'PaperCollectionReportPreview',
  'DownloadSimilarQuestionPdf',
  'PreExamReport',
  'PointTableDownload',
  'ExaminationAnalysisDownload',
  'KnowledgeSectionPrint',
  'StudyPlanningReport',
  'FeedbackPreviewPc',
  'CampJoin',
  'ReportingPreviewOnly',
  'KnowledgeBaseFromGZ',
  'KnowledgeSectionPopPreview',
  'RoomBoxDemo',
  'KnowledgeBaseForNpc',
  'NpcDemo',
  'ClassTimeReport',
  'DownloadAnswerSheet',
  'WeekCardPDF',
  'FlashcardPDFPreview',
  'CatalogGenerationPrint',
  'PlanReportPrint',
] as const;

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The standalone exempt pages (NoAuth has its own page). */
export const exemptPages: RouteDef[] = EXEMPT_ROUTE_NAMES.filter((n) => n !== 'NoAuth').map(
  (n) => [paths.feedbackPreviewPc, paths.campJoin].find((r) => r.name === n) ?? route(n, `/${lowerFirst(n)}`, n),
);

/** Every named route of the main layout, by name. */
export const routesByName: ReadonlyMap<string, RouteDef> = new Map(
  [paths.home, ...laterPages, ...sections.flatMap((s) => [s as RouteDef, ...s.children])].map((r) => [r.name, r]),
);

/** Routes that use the main-page background (spec 01 §2 "Layout"). */
export const MAIN_BACKGROUND_ROUTES = [
  'Home',
  'aiChatPage',
  'aiWelcomePage',
  'MainSpace',
  'PaperAnalysis',
  'TeacherCorrect',
  'MarkAnswer',
];

/** Builds a login URL that returns to `from` afterwards. */
export function loginPath(from?: string): string {
  if (!from || from.startsWith(paths.login.path)) return paths.login.path;
  return `${paths.login.path}?redirect=${encodeURIComponent(from)}`;
}

/** The handout editor of a paper: ver 0 is the live document, n its saved version n (03 §2). */
export function knowledgeSectionEditPath(paperId: number, ver = 0): string {
  return `${paths.knowledgeSectionEdit.path}?paperId=${paperId}&ver=${ver}`;
}
