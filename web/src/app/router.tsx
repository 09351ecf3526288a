import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  matchRoutes,
  Navigate,
  redirect,
  type RouteObject,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { type ComponentType, lazy, Suspense } from 'react';
import { exemptPages, laterPages, loginPath, paths, type RouteDef, sections } from '@/config/paths';
import { mayOpenRoute } from '@/features/menu/menu-access';
import { changeRole } from '@/features/user/api/switch';
import { ErrorCode } from '@/generated/codes';
import { isApiError, setSessionExpiredHandler, SESSION_EXPIRED_TEXT, showError } from '@/lib/api-client';
import { realtime } from '@/lib/realtime';
import { loadMenuList, loadUserInfo, sessionStore } from '@/lib/session';
import { MainLayout } from './layout/main-layout';
import { DownloadCenterRoute } from './routes/download-center';
import { HelpDemoVideoRoute, HelpFeatureIntroRoute, HelpUpdateLogRoute } from './routes/help';
import { HomeRoute } from './routes/home';
import { LoginRoute } from './routes/login';
import { NoAuthRoute } from './routes/no-auth';
import { NotBuiltRoute } from './routes/not-built';
import { NotFoundRoute } from './routes/not-found';
import { RegisterRoute } from './routes/register';
import { ResetPasswordRoute } from './routes/reset-password';
import { RouteError } from './routes/route-error';
import { SetupRoute } from './routes/setup';
import { UploadFilesRoute, UploadMediaRoute } from './routes/upload';
import { ensureBootstrapped, resetBootstrap } from './session-bootstrap';
import { decide, roleNeedFor, stripSource } from './source-guard';

const handleOf = (r: RouteDef) => ({ name: r.name, title: r.title, noCache: r.noCache });

/** The co-edited document pages (with the rich-text editor and yjs) load on first use. */
type DocumentRoutes = typeof import('./routes/document-routes');
const documentPage = (name: keyof DocumentRoutes) =>
  lazy(() => import('./routes/document-routes').then((m) => ({ default: m[name] as ComponentType })));

/** The data-centre screens (with the charts) load on first use. */
type DataCenterRoutes = typeof import('./routes/data-center');
const dataCenterPage = (name: keyof DataCenterRoutes) =>
  lazy(() => import('./routes/data-center').then((m) => ({ default: m[name] })));

/** The service QC screens load on first use. */
type QualityCheckRoutes = typeof import('./routes/quality-check');
const qualityCheckPage = (name: keyof QualityCheckRoutes) =>
  lazy(() => import('./routes/quality-check').then((m) => ({ default: m[name] })));

/** The teaching service's screens load on first use. */
type EasyServerRoutes = typeof import('./routes/easy-server');
const easyServerPage = (name: keyof EasyServerRoutes) =>
  lazy(() => import('./routes/easy-server').then((m) => ({ default: m[name] })));

/** The learning camps' statistics load on first use. */
type CampStatisticsRoutes = typeof import('./routes/camp-statistics');
const campStatisticsPage = (name: keyof CampStatisticsRoutes) =>
  lazy(() => import('./routes/camp-statistics').then((m) => ({ default: m[name] })));

/** The learning camps' list, builder and students' join page load on first use. */
type CampRoutes = typeof import('./routes/camp');
const campPage = (name: keyof CampRoutes) => lazy(() => import('./routes/camp').then((m) => ({ default: m[name] })));

/** The exam groups and offline exams (易考试) load on first use. */
type EasyExaminationRoutes = typeof import('./routes/easy-examination');
const easyExaminationPage = (name: keyof EasyExaminationRoutes) =>
  lazy(() => import('./routes/easy-examination').then((m) => ({ default: m[name] })));

/** The cloud drive and its statistics load on first use. */
type DriveRoutes = typeof import('./routes/drive');
const drivePage = (name: keyof DriveRoutes) => lazy(() => import('./routes/drive').then((m) => ({ default: m[name] })));

/** The question bank (知识点组卷, 我的题库) loads on first use. */
type QuestionBankRoutes = typeof import('./routes/question-bank');
const questionBankPage = (name: keyof QuestionBankRoutes) =>
  lazy(() => import('./routes/question-bank').then((m) => ({ default: m[name] })));

/** 易研发 (知识切片, 教材库, 教辅库 and their pages) loads on first use. */
type EasyDevelopRoutes = typeof import('./routes/easy-develop');
const easyDevelopPage = (name: keyof EasyDevelopRoutes) =>
  lazy(() => import('./routes/easy-develop').then((m) => ({ default: m[name] })));

/** Lesson preparation (易备课: 讲义库, 教辅资料, 教学大纲) loads on first use. */
type EasyLessonPreparationRoutes = typeof import('./routes/easy-lesson-preparation');
const easyLessonPreparationPage = (name: keyof EasyLessonPreparationRoutes) =>
  lazy(() => import('./routes/easy-lesson-preparation').then((m) => ({ default: m[name] })));

/** 试卷收集 (讲义审核与发布) loads on first use. */
type PaperCollectionRoutes = typeof import('./routes/paper-collection');
const paperCollectionPage = (name: keyof PaperCollectionRoutes) =>
  lazy(() => import('./routes/paper-collection').then((m) => ({ default: m[name] })));

/** 易批改 (lesson tasks: analysis, marking, answer sheets) and 错题本 load on first use. */
type EasyCorrectRoutes = typeof import('./routes/easy-correct');
const easyCorrectPage = (name: keyof EasyCorrectRoutes) =>
  lazy(() => import('./routes/easy-correct').then((m) => ({ default: m[name] })));

/** The AI assistant (欢迎页, 对话页) loads on first use. */
type AiAssistantRoutes = typeof import('./routes/ai-assistant');
const aiAssistantPage = (name: keyof AiAssistantRoutes) =>
  lazy(() => import('./routes/ai-assistant').then((m) => ({ default: m[name] })));

/** The administration (系统管理) loads on first use. */
type AdministrationRoutes = typeof import('./routes/administration');
const administrationPage = (name: keyof AdministrationRoutes) =>
  lazy(() => import('./routes/administration').then((m) => ({ default: m[name] })));

/** 听课记录 (lesson visits: 开始听课, 听课记录表, 听课管理…) loads on first use. */
type RecordToolRoutes = typeof import('./routes/record-tool');
const recordToolPage = (name: keyof RecordToolRoutes) =>
  lazy(() => import('./routes/record-tool').then((m) => ({ default: m[name] })));

/** One-on-one course plans (一对一课程计划, 规划报告) load on first use. */
type ClassPlanRoutes = typeof import('./routes/class-plan');
const classPlanPage = (name: keyof ClassPlanRoutes) =>
  lazy(() => import('./routes/class-plan').then((m) => ({ default: m[name] })));

/** 学情分析 and stage reports (阶段报告) of the teaching service load on first use. */
type AnalysisRoutes = typeof import('./routes/analysis');
const analysisPage = (name: keyof AnalysisRoutes) =>
  lazy(() => import('./routes/analysis').then((m) => ({ default: m[name] })));

/** The teaching-content libraries (issue 21: 教材章节, 试卷库, 考试分析, 组讲义, 闪卡, 学情洞察…) load on first use. */
type ContentLibraryRoutes = typeof import('./routes/content-libraries');
const contentLibraryPage = (name: keyof ContentLibraryRoutes) =>
  lazy(() => import('./routes/content-libraries').then((m) => ({ default: m[name] })));

/** The pages that are built, by route name; every other named route says 功能建设中. */
export const builtPages: Readonly<Record<string, ComponentType>> = {
  [paths.downloadCenter.name]: DownloadCenterRoute,
  [paths.helpDemoVideo.name]: HelpDemoVideoRoute,
  [paths.helpFeatureIntro.name]: HelpFeatureIntroRoute,
  [paths.helpUpdateLog.name]: HelpUpdateLogRoute,
  [paths.feedbackEdit.name]: documentPage('FeedbackEditRoute'),
  [paths.feedbackPreview.name]: documentPage('FeedbackPreviewRoute'),
  [paths.feedbackPreviewPc.name]: documentPage('FeedbackPreviewPcRoute'),
  [paths.knowledgeSectionEdit.name]: documentPage('KnowledgeSectionEditRoute'),
  [paths.campJoin.name]: campPage('CampJoinRoute'),
  // Section pages of config/paths.ts (knowledge repository, lesson preparation, data centre,
  // service QC).
  MainSpace: drivePage('MainSpaceRoute'),
  KnowledgeStatistics: drivePage('KnowledgeStatisticsRoute'),
  UploadFiles: UploadFilesRoute,
  UploadMedia: UploadMediaRoute,
  LectureLibrary: easyLessonPreparationPage('LectureLibraryRoute'),
  KnowledgePaper: questionBankPage('KnowledgePaperRoute'),
  PersonalQuestionBank: questionBankPage('PersonalQuestionBankRoute'),
  KnowledgeSlicing: easyDevelopPage('KnowledgeSlicingRoute'),
  TextbookLibrary: easyDevelopPage('TextbookLibraryRoute'),
  TextbookSyllabus: easyDevelopPage('TextbookSyllabusRoute'),
  TeachingAidlibrary: easyDevelopPage('TeachingAidLibraryRoute'),
  TeachingAidSyllabus: easyDevelopPage('TeachingAidSyllabusRoute'),
  OneOnOneClassList: easyDevelopPage('OneOnOneClassListRoute'),
  TeachingMaterial: easyLessonPreparationPage('TeachingMaterialRoute'),
  TeachingInstruction: easyLessonPreparationPage('TeachingInstructionRoute'),
  PaperShow: paperCollectionPage('PaperShowRoute'),
  DataBoard: dataCenterPage('DataBoardRoute'),
  AttendDetails: dataCenterPage('AttendDetailsRoute'),
  RefundDetails: dataCenterPage('RefundDetailsRoute'),
  ServeDetails: dataCenterPage('ServeDetailsRoute'),
  OneLessonPrepStatustics: dataCenterPage('OneLessonPrepStatusticsRoute'),
  ClassLessonPrepStatistics: dataCenterPage('ClassLessonPrepStatisticsRoute'),
  OneUsageStatistics: dataCenterPage('OneUsageStatisticsRoute'),
  ClassUsageStatistics: dataCenterPage('ClassUsageStatisticsRoute'),
  GroupUsageStatistics: dataCenterPage('GroupUsageStatisticsRoute'),
  FullDayUsageStatistics: dataCenterPage('FullDayUsageStatisticsRoute'),
  SystemUsageStatistics: dataCenterPage('SystemUsageStatisticsRoute'),
  FeedbackStatistics: dataCenterPage('FeedbackStatisticsRoute'),
  FirstWholeStatistics: dataCenterPage('FirstWholeStatisticsRoute'),
  TeacherFirstStatistics: dataCenterPage('TeacherFirstStatisticsRoute'),
  ConsultantFirstStatistics: dataCenterPage('ConsultantFirstStatisticsRoute'),
  LearnManageFirstStatistics: dataCenterPage('LearnManageFirstStatisticsRoute'),
  BasicTrainingExamination: dataCenterPage('BasicTrainingExaminationRoute'),
  OnlineMainTeacherStat: dataCenterPage('OnlineMainTeacherStatRoute'),
  OnlineAuxiliaryStat: dataCenterPage('OnlineAuxiliaryStatRoute'),
  ServeQC: qualityCheckPage('ServeQcRoute'),
  ServeConfig: qualityCheckPage('ServeConfigRoute'),
  QcConfig: qualityCheckPage('QcConfigRoute'),
  QcCount: qualityCheckPage('QcCountRoute'),
  ExamGrades: qualityCheckPage('ExamGradesRoute'),
  ProjectTeamManage: qualityCheckPage('ProjectTeamManageRoute'),
  TaskManage: qualityCheckPage('TaskManageRoute'),
  CommonTaskManage: qualityCheckPage('CommonTaskManageRoute'),
  WorkflowConfig: qualityCheckPage('WorkflowConfigRoute'),
  WorkTaskQcManage: qualityCheckPage('WorkTaskQcManageRoute'),
  WorkTaskStatistics: qualityCheckPage('WorkTaskStatisticsRoute'),
  OnlineLessonSetup: qualityCheckPage('OnlineLessonSetupRoute'),
  OnlineWhiteConfigPage: qualityCheckPage('OnlineWhiteConfigRoute'),
  StudentDynamicManage: qualityCheckPage('StudentDynamicManageRoute'),
  MyScheduleList: easyServerPage('MyScheduleListRoute'),
  ScheduleDetail: easyServerPage('ScheduleDetailRoute'),
  OnlineScheduleDetail: easyServerPage('OnlineScheduleDetailRoute'),
  StudentList: easyServerPage('StudentListRoute'),
  StudentDetail: easyServerPage('StudentDetailRoute'),
  MyClassesList: easyServerPage('MyClassesListRoute'),
  MyClassesDetail: easyServerPage('MyClassesDetailRoute'),
  OnlineMyClassesDetail: easyServerPage('OnlineMyClassesDetailRoute'),
  WatchLessonPage: easyServerPage('WatchLessonPageRoute'),
  PatrolSitePage: easyServerPage('PatrolSitePageRoute'),
  PlaybackPage: easyServerPage('PlaybackPageRoute'),
  MyFeedback: easyServerPage('MyFeedbackRoute'),
  MyTask: easyServerPage('MyTaskRoute'),
  WorkTaskDetail: easyServerPage('WorkTaskDetailRoute'),
  StudentDynamicFollowup: easyServerPage('StudentDynamicFollowupRoute'),
  ClassStudySituationReport: easyServerPage('ClassStudySituationReportRoute'),
  ClassSummaryReport: easyServerPage('ClassSummaryReportRoute'),
  Classes: easyServerPage('CourseClassesRoute'),
  Vips: easyServerPage('CourseVipsRoute'),
  High: easyServerPage('CourseHighRoute'),
  VipsHistory: easyServerPage('CourseVipsHistoryRoute'),
  TrainingCamps: campPage('TrainingCampsRoute'),
  TrainingCampEdit: campPage('TrainingCampEditRoute'),
  TrainingStatistics: campStatisticsPage('TrainingStatisticsRoute'),
  TaskResourceStatistics: campStatisticsPage('TaskResourceStatisticsRoute'),
  PaperStatistics: campStatisticsPage('PaperStatisticsRoute'),
  ExamList: easyExaminationPage('ExamListRoute'),
  ExamDetail: easyExaminationPage('ExamDetailRoute'),
  ExamGroups: easyExaminationPage('ExamGroupsRoute'),
  PaperAnalysis: easyCorrectPage('PaperAnalysisRoute'),
  TeacherCorrect: easyCorrectPage('TeacherCorrectRoute'),
  MarkAnswer: easyCorrectPage('MarkAnswerRoute'),
  CorrectionNotebook: easyCorrectPage('CorrectionNotebookRoute'),
  aiWelcomePage: aiAssistantPage('AiWelcomePageRoute'),
  aiChatPage: aiAssistantPage('AiChatPageRoute'),
  AdminOrg: administrationPage('AdminOrgRoute'),
  AdminAccounts: administrationPage('AdminAccountsRoute'),
  AdminMenus: administrationPage('AdminMenusRoute'),
  AdminNotices: administrationPage('AdminNoticesRoute'),
  AdminBanners: administrationPage('AdminBannersRoute'),
  AdminAuditLog: administrationPage('AdminAuditLogRoute'),
  TextBookChapters: contentLibraryPage('TextBookChaptersRoute'),
  PaperLibrary: contentLibraryPage('PaperLibraryRoute'),
  ExaminationAnalysisList: contentLibraryPage('ExaminationAnalysisListRoute'),
  AssembleLecture: contentLibraryPage('AssembleLectureRoute'),
  PaperCollectionStatistics: contentLibraryPage('PaperCollectionStatisticsRoute'),
  Flashcards: contentLibraryPage('FlashcardsRoute'),
  FlashcardLibrary: contentLibraryPage('FlashcardLibraryRoute'),
  FlashCardStatistics: contentLibraryPage('FlashCardStatisticsRoute'),
  ImportFile: contentLibraryPage('ImportFileRoute'),
  InsightLearningSituation: contentLibraryPage('InsightLearningSituationRoute'),
  StartRecord: recordToolPage('StartRecordRoute'),
  ProceedRecord: recordToolPage('ProceedRecordRoute'),
  RecordStudentList: recordToolPage('RecordStudentListRoute'),
  RecordScan: recordToolPage('RecordScanRoute'),
  TestLayout: recordToolPage('TestLayoutRoute'),
  RecordVisitManage: recordToolPage('RecordVisitManageRoute'),
  analysisModule: analysisPage('AnalysisModuleRoute'),
  selectErrorQuestion: analysisPage('SelectErrorQuestionRoute'),
  FullVolumeAnalysis: analysisPage('FullVolumeAnalysisRoute'),
  TemplateAnalysis: analysisPage('TemplateAnalysisRoute'),
  FullPageSelectQuestion: analysisPage('FullPageSelectQuestionRoute'),
  reportingEdit: analysisPage('ReportingEditRoute'),
  reportingPreview: analysisPage('ReportingPreviewRoute'),
  StageReportPreview: analysisPage('StageReportPreviewRoute'),
  OneOnOneClassPlan: classPlanPage('OneOnOneClassPlanRoute'),
  planReport: classPlanPage('PlanReportRoute'),
};

function laterPage(r: RouteDef, path: string): RouteObject {
  const Page = builtPages[r.name];
  const element = Page ? (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  ) : (
    <NotBuiltRoute route={r} />
  );
  return { path, handle: handleOf(r), element };
}

/**
 * A route that only forwards to `to`. An element (not a loader) does it, so that the route renders
 * something and needs no hydrate fallback (react-router warns about either).
 */
const forwardTo = (to: string): Pick<RouteObject, 'element'> => ({ element: <Navigate to={to} replace /> });

/** The children of the main layout: home, the built pages and the pages of later issues. */
const mainChildren: RouteObject[] = [
  { path: paths.home.path, handle: handleOf(paths.home), element: <HomeRoute /> },
  ...laterPages.map((r) => laterPage(r, r.path)),
  ...sections.map<RouteObject>((s) => ({
    path: s.path,
    handle: { name: s.name },
    children: [
      { index: true, ...forwardTo(s.children[0]?.path ?? paths.home.path) },
      ...s.children.map((c) => laterPage(c, c.path.slice(s.path.length + 1))),
    ],
  })),
];

/** The route name the URL leads to (the deepest named match). */
export function routeNameOf(pathname: string): string | null {
  const matches = matchRoutes(mainChildren, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const name = (matches[i]?.route.handle as { name?: string } | undefined)?.name;
    if (name) return name;
  }
  return null;
}

/**
 * The main layout's loader: loads the session on the first navigation (A0201 → login), then
 * applies the source guard (switch role or refuse; strip `source`; reload user info; redo), then
 * sends a page outside the user's menu to /noAuth (01 §6).
 */
export async function mainLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  try {
    await ensureBootstrapped();
  } catch (e) {
    if (isApiError(e, ErrorCode.LoginExpired)) return redirect(loginPath(url.pathname + url.search));
    throw e;
  }
  const source = url.searchParams.get('source');
  if (source === 'gaoduan' || source === 'scrm') {
    const user = sessionStore.get().user;
    if (!user) return redirect(paths.login.path);
    const decision = decide(roleNeedFor(source, routeNameOf(url.pathname)), user);
    if (decision.kind === 'refuse') return redirect(decision.to);
    if (decision.kind === 'switch') {
      await changeRole(decision.role);
    }
    const fresh = await loadUserInfo();
    if (decision.kind === 'switch') {
      await loadMenuList().catch(() => undefined);
      realtime.start(fresh.userEmail);
    }
    return redirect(stripSource(url));
  }
  const name = routeNameOf(url.pathname);
  const { menu, user } = sessionStore.get();
  const superuser = !!user && (user.superuser || !!user.superUserEmail);
  if (name && !mayOpenRoute(menu ?? [], name, superuser)) return redirect(paths.noAuth.path);
  return null;
}

/**
 * The main layout stays matched from page to page, so react-router would not run its loader
 * again; the menu check in it must see every page the user goes to.
 */
function revalidateMainOnNewPage({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

export const routes: RouteObject[] = [
  { path: paths.root, ...forwardTo(paths.home.path) },
  { path: paths.login.path, handle: handleOf(paths.login), element: <LoginRoute /> },
  { path: paths.register.path, handle: handleOf(paths.register), element: <RegisterRoute /> },
  { path: paths.resetPassword.path, handle: handleOf(paths.resetPassword), element: <ResetPasswordRoute /> },
  { path: paths.setup.path, handle: handleOf(paths.setup), element: <SetupRoute /> },
  { path: paths.noAuth.path, handle: handleOf(paths.noAuth), element: <NoAuthRoute /> },
  { path: paths.notFound.path, handle: handleOf(paths.notFound), element: <NotFoundRoute /> },
  ...exemptPages.map((r) => laterPage(r, r.path)),
  {
    id: 'main',
    loader: mainLoader,
    shouldRevalidate: revalidateMainOnNewPage,
    element: <MainLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: mainChildren,
  },
  { path: '*', ...forwardTo(paths.notFound.path) },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  const toLogin = () => {
    resetBootstrap();
    const { pathname, search } = router.state.location;
    if (pathname !== paths.login.path) {
      void router.navigate(loginPath(pathname + search), { replace: true });
    }
  };
  setSessionExpiredHandler(toLogin);
  realtime.setSessionGoneHandler(() => {
    showError(SESSION_EXPIRED_TEXT);
    toLogin();
  });
  return router;
}
