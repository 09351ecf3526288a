// Constants that `@/generated/codes` does not carry: the web app's own sizes and timings, and a
// few protocol values not generated yet (stage, subject, school, menu codes, bootstrap scene,
// export file type, role dialog width, profile-card roles, the roles and their names), which
// src/app/protocol-mirror.test.ts checks against the Rust source. The spec's limits and timings
// (01 §9) are generated: `Limits` and `Timing`.

/** The fixed company e-mail suffix of the virtual-account dialog. */
export const VIRTUAL_ACCOUNT_EMAIL_SUFFIX = '@demo.eduhub';

export const LOGIN_REDIRECT_DELAY_MS = 300;

export const DEFAULT_STAGE = 4;
/** Science: a special subject of stage 4. */
export const SCIENCE_SUBJECT = 62;
/** Page size of the download centre's history. */
export const DOWNLOAD_CENTER_PAGE_SIZE = 20;
/** The download queue poll, only while the real-time connection is down (pushes replace it). */
export const DOWNLOAD_POLL_MS = 3_000;
/** The default export file type (xlsx). */
export const EXPORT_FILE_TYPE = 3;
/** Save-to-knowledge result messages (01 §8): the first this far from the top, each next one lower. */
export const KNOWLEDGE_MESSAGE_TOP_PX = 80;
export const KNOWLEDGE_MESSAGE_GAP_PX = 60;
/** Slices of one document in flight at once. */
export const UPLOAD_SLICES_IN_FLIGHT = 2;
/** The largest file the server accepts (4 GiB). */
export const UPLOAD_MAX_FILE_BYTES = 4 * 1024 * 1024 * 1024;
export const ROLE_DIALOG_WIDTH = 544;

/** School id of the general (central) edition. */
export const GENERAL_EDITION_SCHOOL_ID = -1;

/** The menu code after which the left menu draws a divider. */
export const KNOWLEDGE_REPOSITORY_MENU_CODE = 'KNOWLEDGEREPOSITORY';
export const AI_ASSISTANT_MENU_CODE = 'AIASSISTANT';

/**
 * The top-level menu groups (01 §2 "Left menu"). A group's code is its url upper-cased, and the
 * url capitalised names the section (or single page) of config/paths.ts it opens.
 */
export const MENU_GROUP_CODES: readonly string[] = [
  'KNOWLEDGEREPOSITORY',
  'KNOWLEDGESELECTION',
  'EASYCORRECT',
  'EASYSERVER',
  'EASYEXAMINATION',
  'DATACENTER',
  'APPLICATIONCENTER',
  'QUALITYCHECKMANAGEMENT',
  'EASYDEVELOP',
  'EASYLESSONPREPARATION',
  'AIASSISTANT',
  'ADMINISTRATION',
];

/** The top-level menu group of the administration (系统管理, issue 18). */
export const ADMINISTRATION_MENU_CODE = 'ADMINISTRATION';

/** A role's code and display name. */
export interface RoleOption {
  code: string;
  name: string;
}

/** Every role (protocol::constants::role::ALL) with its name (`role::name`), in the server's order. */
export const ROLES: readonly RoleOption[] = [
  { code: 'teacher', name: '教师' },
  { code: 'tutor_online', name: '在线辅导老师' },
  { code: '1v1_xg', name: '学管' },
  { code: 'admin', name: '管理员' },
  { code: 'consultant', name: '顾问' },
  { code: 'operator', name: '运营' },
  { code: 'school_manager', name: '校长' },
  { code: 'area_manager', name: '区域经理' },
];

/** Scene of the one-time knowledge-base introduction. */
export const KNOWLEDGE_BASE_BOOTSTRAP_SCENE = 'knowledgebase1_bootstrap';

/** Roles that see the profile card in the user menu. */
export const PROFILE_CARD_ROLES = ['teacher', 'tutor_online'];
