// Wire types shared with the Rust server.
//
// These mirror the types of the `protocol` crate. They are kept in this one file so that they
// can be swapped for the ts-rs output in src/generated/ (one file per type) without touching
// the rest of the app: only the imports of this file change.

/** Every JSON response: `code` '1' is success (account calls also carry `status` 1). */
export interface ApiEnvelope<T> {
  code: string;
  msg: string;
  data: T;
  status?: number | string;
}

/** Error codes of the server's error catalogue. */
export const ErrorCode = {
  /** 登录过期，请重新登录 (HTTP 401). */
  SessionExpired: 'A0201',
  /** Wrong e-mail or password (400). */
  WrongCredentials: 'A0210',
  /** Captcha required or wrong (400, data {captchaRequired: true}). */
  CaptchaRequired: 'A0240',
  /** No permission (403). */
  NoPermission: 'A0300',
  BadInput: 'A0400',
  NotFound: 'A0404',
  TooManyAttempts: 'A0429',
  Internal: 'B0001',
} as const;

export interface CodeName {
  code: string;
  name: string;
}

export interface Stage extends CodeName {
  sort: number;
  subjects: CodeName[];
}

export interface Role extends CodeName {
  current: boolean;
  icon: string | null;
}

export interface School {
  id: number;
  name: string;
}

/** GET /api/pub/user/info */
export interface UserInfo {
  e2uid: string | null;
  userAvatar: string | null;
  userName: string;
  userEmail: string;
  subjectList: CodeName[];
  selectedStage: CodeName | null;
  stageList: Stage[];
  roleList: Role[];
  roleTags: string[];
  schoolAreaCodesMap: Record<string, unknown>;
  superuser: boolean;
  superUserEmail: string | null;
  superUserName: string | null;
  selectedProvince: CodeName | null;
  schoolList: School[];
  selectedSchool: School | null;
  selectedSubject: CodeName | null;
  e2qwuid: string | null;
}

/** POST /api/account/login/login and GET /api/account/login/user/check */
export interface LoginUser {
  token: string;
  name: string;
  email: string;
  schoolId: number | null;
  schoolName: string | null;
  subjectAndEdu: unknown;
  types: unknown;
  lastType: string | null;
  first: boolean;
}

export interface LoginRequest {
  email: string;
  password: string;
  code?: string;
  type: 1;
  skipBlocker: true;
}

/** GET /api/pub/user/menu-list */
export interface MenuItem {
  code: string;
  name: string;
  url: string;
  level: number;
  children?: MenuItem[] | null;
}

/** GET /api/pub/user/teacher-info */
export interface TeacherInfo {
  name: string;
  avatar: string | null;
  teacherCode: string | null;
  email: string;
  schoolName: string | null;
  subjectDesc: string | null;
  joinDate: string | null;
  teacherLevel: string | null;
  divisionAgeDesc: string | null;
  schoolAgeDesc: string | null;
}

/** POST /api/pub/user/select */
export interface UserSelection {
  schoolId?: number;
  subject?: string;
  stage?: string;
}

export interface PaperArea {
  name: string;
  provinces: { k12Code: string; name: string; selected: boolean }[];
}

/** GET /api/pub/user/region-info */
export interface RegionInfo {
  selectedProvince: CodeName | null;
  schoolList: School[];
  paperAreas: PaperArea[];
}

/** GET /api/current/time */
export interface CurrentTime {
  currentFiscalYear: number;
  currentMonth: number;
  currentQuarter: number;
}

/** GET /version.json */
export interface VersionInfo {
  version: string;
}

/** GET /api/exam/notice/detail and the notice lists. */
export interface Notice {
  id: number | string;
  title: string;
  content: string;
  type: number;
  createTime: string;
  read: boolean;
}

/** GET /api/exam/notice/info */
export interface NoticeInfo {
  unreadNum: number;
  unreadInfo: unknown;
  unreadIllustrate: unknown;
}

export interface Page<T> {
  records: T[];
  total: number;
}

/** Type codes of pushed messages. */
export const TypeCode = {
  Ack: '1',
  DownloadCreated: 'magic_001',
  DownloadUpdated: 'magic_002',
  NoticeNew: 'backstage_001',
  NoticeType2: 'backstage_002',
  NoticeWithdrawn: 'backstage_003',
  NoticeType7: 'backstage_005',
  ElectronDownload: 'electron_download',
  FileReportError: 'magic_file_report_error',
  BatchSendErrorSimilarItem: 'magic_batch_send_error_similar_item',
  StatisticsAsync: 'statistics_async',
  ItemReportErrorConfirm: 'magic_item_report_error_confirm',
  Version: 'version',
  Error: 'error',
} as const;

/** A frame on /socket/im/magic/{email}: `content` is base64 of UTF-8 JSON {@link PushContent}. */
export interface PushEnvelope {
  id: string;
  typeCode: string;
  content: string;
}

/** The decoded `content` of a {@link PushEnvelope}. */
export interface PushContent {
  role?: string | null;
  fileStatus?: number | null;
  type?: number | null;
  value?: unknown;
  id?: number | string | null;
  asyncMessage?: string | null;
  time?: string | number | null;
}

/** What the client sends back for every message it receives. */
export interface PushAck {
  id: string;
  typeCode: '1';
}

/** POST /api/home/banner */
export interface BannerInfo {
  homePageBannerClose: boolean;
  userCloseBanner: boolean;
  rotationTime: number | null;
  bannerList: Banner[];
}

export interface Banner {
  bannerBackgroundColor: string | null;
  bannerImgUrl: string;
  redirectUrl: string | null;
}

/** GET /api/pub/index/user/bootstrap */
export interface BootstrapScene {
  scene: string;
  bootstrap: boolean;
}

/** An entry of POST /api/download/downloadList */
export interface DownloadTask {
  id: number | string;
  fileName: string;
  fileExt?: string | null;
  fileSize?: number | null;
  createTime?: string | null;
  status: number;
}
