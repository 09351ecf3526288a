// Wire types shared with the Rust server.
//
// The types come from the `protocol` crate through ts-rs (src/generated/, one file per type).
// This file is the app's only door to them: it adapts them to what JSON.parse really yields
// (ts-rs writes i64 as `bigint`, the wire carries plain numbers) and adds the few types the
// protocol crate does not define yet.

import type { AddPhaseTaskRequest as GAddPhaseTaskRequest } from '@/generated/AddPhaseTaskRequest';
import type { AiContent as GAiContent } from '@/generated/AiContent';
import type { ApiEnvelope as GApiEnvelope } from '@/generated/ApiEnvelope';
import type { AtlasNodeView as GAtlasNodeView } from '@/generated/AtlasNodeView';
import type { AtlasTreeRequest as GAtlasTreeRequest } from '@/generated/AtlasTreeRequest';
import type { BootstrapFlag as GBootstrapFlag } from '@/generated/BootstrapFlag';
import type { ClientFrame as GClientFrame } from '@/generated/ClientFrame';
import type { CodeName as GCodeName } from '@/generated/CodeName';
import type { DownloadCheck as GDownloadCheck } from '@/generated/DownloadCheck';
import type { DownloadListRequest as GDownloadListRequest } from '@/generated/DownloadListRequest';
import type { DownloadSubmitted as GDownloadSubmitted } from '@/generated/DownloadSubmitted';
import type { DownloadTask as GDownloadTask } from '@/generated/DownloadTask';
import type { DownloadUrl as GDownloadUrl } from '@/generated/DownloadUrl';
import type { ErrorCode as GErrorCode } from '@/generated/ErrorCode';
import type { ExcelTaskRequest as GExcelTaskRequest } from '@/generated/ExcelTaskRequest';
import type { FeedbackConfig as GFeedbackConfig } from '@/generated/FeedbackConfig';
import type { FeedbackDetail as GFeedbackDetail } from '@/generated/FeedbackDetail';
import type { FeedbackGroup as GFeedbackGroup } from '@/generated/FeedbackGroup';
import type { FeedbackGroupCode as GFeedbackGroupCode } from '@/generated/FeedbackGroupCode';
import type { FeedbackReportSummary as GFeedbackReportSummary } from '@/generated/FeedbackReportSummary';
import type { FeedbackSection as GFeedbackSection } from '@/generated/FeedbackSection';
import type { FiscalPeriod as GFiscalPeriod } from '@/generated/FiscalPeriod';
import type { HaveProcessingRecord as GHaveProcessingRecord } from '@/generated/HaveProcessingRecord';
import type { HelpLinks as GHelpLinks } from '@/generated/HelpLinks';
import type { IdRequest as GIdRequest } from '@/generated/IdRequest';
import type { LoginRequest as GLoginRequest } from '@/generated/LoginRequest';
import type { LoginUser as GLoginUser } from '@/generated/LoginUser';
import type { MediaUploadUrlRequest as GMediaUploadUrlRequest } from '@/generated/MediaUploadUrlRequest';
import type { MenuItem as GMenuItem } from '@/generated/MenuItem';
import type { Notice as GNotice } from '@/generated/Notice';
import type { NoticeInfo as GNoticeInfo } from '@/generated/NoticeInfo';
import type { Page as GPage } from '@/generated/Page';
import type { PaperArea as GPaperArea } from '@/generated/PaperArea';
import type { PaperDetail as GPaperDetail } from '@/generated/PaperDetail';
import type { PaperDownloadRequest as GPaperDownloadRequest } from '@/generated/PaperDownloadRequest';
import type { PaperGlobalSettings as GPaperGlobalSettings } from '@/generated/PaperGlobalSettings';
import type { PaperGlobalSettingsSaveRequest as GPaperGlobalSettingsSaveRequest } from '@/generated/PaperGlobalSettingsSaveRequest';
import type { PaperHeaderInfo as GPaperHeaderInfo } from '@/generated/PaperHeaderInfo';
import type { PaperHeaderInfoSaveRequest as GPaperHeaderInfoSaveRequest } from '@/generated/PaperHeaderInfoSaveRequest';
import type { PaperIdRequest as GPaperIdRequest } from '@/generated/PaperIdRequest';
import type { PaperPackageRequest as GPaperPackageRequest } from '@/generated/PaperPackageRequest';
import type { PaperPackageResult as GPaperPackageResult } from '@/generated/PaperPackageResult';
import type { PaperRef as GPaperRef } from '@/generated/PaperRef';
import type { PaperRestoreRequest as GPaperRestoreRequest } from '@/generated/PaperRestoreRequest';
import type { PaperSaveRequest as GPaperSaveRequest } from '@/generated/PaperSaveRequest';
import type { PaperVersion as GPaperVersion } from '@/generated/PaperVersion';
import type { PhaseTask as GPhaseTask } from '@/generated/PhaseTask';
import type { PhaseTaskItem as GPhaseTaskItem } from '@/generated/PhaseTaskItem';
import type { PreviewQrCode as GPreviewQrCode } from '@/generated/PreviewQrCode';
import type { PushContent as GPushContent } from '@/generated/PushContent';
import type { PushEnvelope as GPushEnvelope } from '@/generated/PushEnvelope';
import type { QueueCount as GQueueCount } from '@/generated/QueueCount';
import type { RegionInfo as GRegionInfo } from '@/generated/RegionInfo';
import type { ReportIdRequest as GReportIdRequest } from '@/generated/ReportIdRequest';
import type { ResourceItem as GResourceItem } from '@/generated/ResourceItem';
import type { ResourceSaveRequest as GResourceSaveRequest } from '@/generated/ResourceSaveRequest';
import type { RoleEntry as GRoleEntry } from '@/generated/RoleEntry';
import type { SaveToKnwRecord as GSaveToKnwRecord } from '@/generated/SaveToKnwRecord';
import type { SaveToKnwRecordList as GSaveToKnwRecordList } from '@/generated/SaveToKnwRecordList';
import type { SaveToKnwRequest as GSaveToKnwRequest } from '@/generated/SaveToKnwRequest';
import type { SchoolRef as GSchoolRef } from '@/generated/SchoolRef';
import type { SelectRequest as GSelectRequest } from '@/generated/SelectRequest';
import type { ShellConfig as GShellConfig } from '@/generated/ShellConfig';
import type { ShellSettings as GShellSettings } from '@/generated/ShellSettings';
import type { SliceCompleteRequest as GSliceCompleteRequest } from '@/generated/SliceCompleteRequest';
import type { StageInfo as GStageInfo } from '@/generated/StageInfo';
import type { StorageCertificate as GStorageCertificate } from '@/generated/StorageCertificate';
import type { SubjectRef as GSubjectRef } from '@/generated/SubjectRef';
import type { TeacherInfo as GTeacherInfo } from '@/generated/TeacherInfo';
import type { TypeCode as GTypeCode } from '@/generated/TypeCode';
import type { UpdateTaskBizIdRequest as GUpdateTaskBizIdRequest } from '@/generated/UpdateTaskBizIdRequest';
import type { UpdateUserViewedRequest as GUpdateUserViewedRequest } from '@/generated/UpdateUserViewedRequest';
import type { UploadClass as GUploadClass } from '@/generated/UploadClass';
import type { UploadUrl as GUploadUrl } from '@/generated/UploadUrl';
import type { UploadedFile as GUploadedFile } from '@/generated/UploadedFile';
import type { UserInfo as GUserInfo } from '@/generated/UserInfo';
import type { VersionInfo as GVersionInfo } from '@/generated/VersionInfo';

/** A generated type as parsed from JSON: every `bigint` is a `number`. */
export type Wire<T> = T extends bigint
  ? number
  : T extends (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** Every JSON response: `code` '1' is success (account calls also carry `status` 1). */
export type ApiEnvelope<T> = Wire<GApiEnvelope<T>>;

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
} as const satisfies Record<string, GErrorCode>;

export type CodeName = Wire<GCodeName>;
/** A subject or stage reference: numeric code (e.g. 54 math, stage 4 senior high). */
export type SubjectRef = Wire<GSubjectRef>;
export type Stage = Wire<GStageInfo>;
export type Role = Wire<GRoleEntry>;
export type School = Wire<GSchoolRef>;
/** GET /api/pub/user/info */
export type UserInfo = Wire<GUserInfo>;
/** POST /api/account/login/login and GET /api/account/login/user/check */
export type LoginUser = Wire<GLoginUser>;
export type LoginRequest = Wire<GLoginRequest>;
/** GET /api/pub/user/menu-list */
export type MenuItem = Wire<GMenuItem>;
/** GET /api/pub/user/teacher-info */
export type TeacherInfo = Wire<GTeacherInfo>;
/** POST /api/pub/user/select */
export type UserSelection = Wire<GSelectRequest>;
export type PaperArea = Wire<GPaperArea>;
/** GET /api/pub/user/region-info */
export type RegionInfo = Wire<GRegionInfo>;
/** GET /api/current/time */
export type CurrentTime = Wire<GFiscalPeriod>;
/** GET /version.json */
export type VersionInfo = Wire<GVersionInfo>;
/** GET /api/exam/notice/detail and the notice lists (createTime: ms since the epoch). */
export type Notice = Wire<GNotice>;
/** GET /api/exam/notice/info */
export type NoticeInfo = Wire<GNoticeInfo>;
export type Page<T> = Wire<GPage<T>>;
/** GET /api/pub/index/user/bootstrap (a list of these) */
export type BootstrapScene = Wire<GBootstrapFlag>;
/** GET /api/pub/config/shell: the feedback popover's groups and the help menu's links. */
export type ShellConfig = Wire<GShellConfig>;
/** A feedback group with its join link as a QR code (`qrCode` absent while not configured). */
export type FeedbackGroupCode = Wire<GFeedbackGroupCode>;
/** Where the help menu's items lead; '' means the app's own page. */
export type HelpLinks = Wire<GHelpLinks>;
/** POST /api/admin/config/shell/save (admin) */
export type ShellSettings = Wire<GShellSettings>;
export type FeedbackGroup = Wire<GFeedbackGroup>;

/** Type codes of pushed messages. */
export const TypeCode = {
  Ack: '1',
  DownloadCreated: 'magic_001',
  /** A save to the knowledge base ended (03 §4): content {id, fileStatus, value: the record}. */
  SaveToKnowledgeEnded: 'magic_002',
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
  Offset: 'offset',
} as const satisfies Record<string, GTypeCode>;

/** A frame on /socket/im/magic/{email}: `content` is base64 of UTF-8 JSON {@link PushContent}. */
export type PushEnvelope = Wire<GPushEnvelope>;

/**
 * The decoded `content` of a {@link PushEnvelope}. Every field is optional here: the client
 * treats a missing field like an empty one.
 */
export type PushContent = Partial<Wire<GPushContent>>;

/** What the client sends back for every message it receives. */
export type PushAck = Wire<GClientFrame> & { typeCode: '1' };

// Not in the protocol crate yet (home and download endpoints of later issues).

/** GET /api/home/banner */
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

/** A text section of a lesson feedback report: the name of its Y.XmlFragment (03 §3, §7.4). */
export type FeedbackSectionKey = GFeedbackSection;
/** POST /report/feedback/v2/detail and GET /v2/detail/preview. */
export type FeedbackDetail = Wire<GFeedbackDetail>;
/** A report's lifecycle and context (status 0 draft, 1 confirmed, 2 submitted). */
export type FeedbackReportSummary = Wire<GFeedbackReportSummary>;
/** POST /report/feedback/qrcode/generate. */
export type PreviewQrCode = Wire<GPreviewQrCode>;
export type ReportIdRequest = Wire<GReportIdRequest>;
/** GET /report/feedback/v2/common/config: sections, limits and whether the AI provider is set up. */
export type FeedbackConfig = Wire<GFeedbackConfig>;
/** POST /report/feedback/ai/content: the AI teacher comment (the server also writes it into the report). */
export type AiContent = Wire<GAiContent>;

/** An entry of POST /api/download/downloadList (fileStatus 1 waiting … 5 retry, 01 §4). */
export type DownloadTask = Wire<GDownloadTask>;
/** POST /api/download/downloadList: a page, filtered like the `downloadHistory` export. */
export type DownloadListRequest = Wire<GDownloadListRequest>;
/** POST /api/download/downloadCheck */
export type DownloadCheck = Wire<GDownloadCheck>;
/** POST /api/download/reDownload, /api/producer_api/submitExcelTask and queryRemainingCount */
export type QueueCount = Wire<GQueueCount>;
/** POST /api/producer_api/submitExcelTask */
export type ExcelTaskRequest = Wire<GExcelTaskRequest>;
/** POST /api/download/reDownload and deleteTask */
export type IdRequest = Wire<GIdRequest>;
/** POST /api/download/paper/submit */
export type PaperDownloadRequest = Wire<GPaperDownloadRequest>;
/** A queued download task (POST /api/download/paper/submit). */
export type DownloadSubmitted = Wire<GDownloadSubmitted>;

// Save to knowledge base (03 §4, §7.1).

/** POST /api/library/saveToKnw (answers the record id). */
export type SaveToKnwRequest = Wire<GSaveToKnwRequest>;
/** A save-to-knowledge record: copyStatus 1 processing, 2 success, 3 failure; userView 1 once seen. */
export type SaveToKnwRecord = Wire<GSaveToKnwRecord>;
/** POST /api/library/querySaveToKnwRecordList: records processing or not yet viewed. */
export type SaveToKnwRecordList = Wire<GSaveToKnwRecordList>;
/** POST /api/library/haveProcessingRecord */
export type HaveProcessingRecord = Wire<GHaveProcessingRecord>;
/** POST /api/library/updateUserViewed */
export type UpdateUserViewedRequest = Wire<GUpdateUserViewedRequest>;

// Uploads and drive resources (01 §4 "Upload", §7 "Uploads").

/** image, document, video or audio (01 §5). */
export type UploadClass = GUploadClass;
/** POST /api/resource/getMediaUploadUrl (video, audio and images) */
export type MediaUploadUrlRequest = Wire<GMediaUploadUrlRequest>;
/** A signed, expiring URL to PUT a file's bytes to. */
export type UploadUrl = Wire<GUploadUrl>;
/** GET /api/resource/getStorageCertificate: a credential scoped to one sliced upload. */
export type StorageCertificate = Wire<GStorageCertificate>;
/** POST {sliceUrl}/complete */
export type SliceCompleteRequest = Wire<GSliceCompleteRequest>;
/** A finished upload (the answer of the PUT and of complete). */
export type UploadedFile = Wire<GUploadedFile>;
/** POST /api/resource/save */
export type ResourceSaveRequest = Wire<GResourceSaveRequest>;
/** A resource of the drive (POST /api/resource/save and /api/resource/list). */
export type ResourceItem = Wire<GResourceItem>;
/** POST /api/resource/getDownloadUrl */
export type DownloadUrl = Wire<GDownloadUrl>;

// Learning-camp tasks made from uploads (01 §4 "Upload", 03 §4 "Upload to a camp").

/** POST /api/camp/add-phase-task: refused (A0400) without a camp and phase id. */
export type AddPhaseTaskRequest = Wire<GAddPhaseTaskRequest>;
/** One task to add: `bizId` is the finished upload's fileId. */
export type PhaseTaskItem = Wire<GPhaseTaskItem>;
/** A task of a camp phase (the answer of add-phase-task and update-task-bizId). */
export type PhaseTask = Wire<GPhaseTask>;
/** POST /api/camp/update-task-bizId: a retried upload's new file for its task. */
export type UpdateTaskBizIdRequest = Wire<GUpdateTaskBizIdRequest>;

// Papers and handouts (03 §2, §3, §7.1 "Paper", "Atlas").

/** POST /api/atlas/tree */
export type AtlasTreeRequest = Wire<GAtlasTreeRequest>;
/** A knowledge-atlas node (chapter or point) with its children. */
export type AtlasNode = Wire<GAtlasNodeView>;
/** POST /api/paper/package: paperType 2 slice library, 3 teaching-aid, 4 textbook, 5 handout. */
export type PaperPackageRequest = Wire<GPaperPackageRequest>;
export type PaperPackageResult = Wire<GPaperPackageResult>;
/** A paper by id and name (package, copy). */
export type PaperRef = Wire<GPaperRef>;
/** POST /api/paper/detail (ver 0 live, n version n), copy, headerInfo, version/list. */
export type PaperIdRequest = Wire<GPaperIdRequest>;
/** A paper's fields, rights and content (sections: key → plain-text paragraphs). */
export type PaperDetail = Wire<GPaperDetail>;
/** POST /api/paper/save */
export type PaperSaveRequest = Wire<GPaperSaveRequest>;
/** The header printed above a paper. */
export type PaperHeaderInfo = Wire<GPaperHeaderInfo>;
/** POST /api/paper/headerInfoSave */
export type PaperHeaderInfoSaveRequest = Wire<GPaperHeaderInfoSaveRequest>;
/** A paper's font and spacing. */
export type PaperGlobalSettings = Wire<GPaperGlobalSettings>;
/** POST /api/paper/globalsetting/save */
export type PaperGlobalSettingsSaveRequest = Wire<GPaperGlobalSettingsSaveRequest>;
/** A saved version of a paper (GET createNewVersion, POST version/list). */
export type PaperVersion = Wire<GPaperVersion>;
/** POST /api/paper/restore */
export type PaperRestoreRequest = Wire<GPaperRestoreRequest>;
