// Business constants and timings (spec 01 §9).

/** The fixed company e-mail suffix of the virtual-account dialog. */
export const VIRTUAL_ACCOUNT_EMAIL_SUFFIX = '@demo.eduhub';

export const REQUEST_TIMEOUT_MS = 600_000;
export const TOAST_DURATION_MS = 5_000;
/** The version poll, only while no push socket is connected (its version frames replace it). */
export const VERSION_CHECK_INTERVAL_MS = 7_200_000;
export const RELOAD_AFTER_SWITCH_MS = 300;
export const LOGIN_REDIRECT_DELAY_MS = 300;
export const REALTIME_RECONNECT_MS = 2_000;
export const SUBJECT_MENU_CLOSE_DELAY_MS = 200;
export const CLICK_GUARD_MS = 2_000;
export const BANNER_AUTOPLAY_MS = 3_000;

export const DEFAULT_STAGE = 4;
/** Science: a special subject of stage 4. */
export const SCIENCE_SUBJECT = 62;
export const DOWNLOAD_LIST_PAGE_SIZE = 5;
/** Page size of the download centre's history. */
export const DOWNLOAD_CENTER_PAGE_SIZE = 20;
/** The download queue poll, only while the real-time connection is down (pushes replace it). */
export const DOWNLOAD_POLL_MS = 3_000;
export const DOWNLOAD_CLICK_THROTTLE_MS = 2_000;
/** Export limit (rows) and the default export file type (xlsx). */
export const EXPORT_ROW_LIMIT = 100_000;
export const EXPORT_FILE_TYPE = 3;
export const DOWNLOAD_BADGE_MAX = 99;
/** Save-to-knowledge result messages (01 §8): the first this far from the top, each next one lower. */
export const KNOWLEDGE_MESSAGE_TOP_PX = 80;
export const KNOWLEDGE_MESSAGE_GAP_PX = 60;
/** Uploads (01 §9): at most this many files upload at once (the configured maxCount). */
export const UPLOAD_MAX_COUNT = 2;
/** Documents go up in slices of 5 MB; the server's certificate names the size it expects. */
export const UPLOAD_SLICE_SIZE = 5_242_880;
/** Slices of one document in flight at once. */
export const UPLOAD_SLICES_IN_FLIGHT = 2;
/** The largest file the server accepts (4 GiB). */
export const UPLOAD_MAX_FILE_BYTES = 4 * 1024 * 1024 * 1024;
/** Page size of the resource list under the upload pages (01 §9 default page size). */
export const RESOURCE_PAGE_SIZE = 30;
export const MENU_BADGE_MAX = 99;
export const MIN_CHROME_VERSION = 90;
export const ROLE_DIALOG_WIDTH = 544;

/** School id of the general (central) edition. */
export const GENERAL_EDITION_SCHOOL_ID = -1;

/** The menu code after which the left menu draws a divider. */
export const KNOWLEDGE_REPOSITORY_MENU_CODE = 'KNOWLEDGEREPOSITORY';
export const AI_ASSISTANT_MENU_CODE = 'AIASSISTANT';

/** Scene of the one-time knowledge-base introduction. */
export const KNOWLEDGE_BASE_BOOTSTRAP_SCENE = 'knowledgebase1_bootstrap';

/** Roles that see the profile card in the user menu. */
export const PROFILE_CARD_ROLES = ['teacher', 'tutor_online'];
