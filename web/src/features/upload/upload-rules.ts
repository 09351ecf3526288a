// What may be uploaded, and under which name (spec 01 §5 "Upload accepted types", "Upload file
// names"). The server applies the same rules (protocol `upload_class`, `upload_file_name`) and
// refuses a bad file with A0400; these checks answer first, without a round trip.

import { UPLOAD_MAX_FILE_BYTES } from '@/config/constants';
import type { UploadClass } from '@/generated/UploadClass';
import { uploadFileName } from '@/lib/file-names';
import { formatFileSize } from '@/lib/format';

/** The accepted extensions of each class (01 §5), lower case. */
export const UPLOAD_CLASS_EXTENSIONS: Readonly<Record<UploadClass, readonly string[]>> = {
  image: ['jpg', 'png', 'jpeg', 'bmp'],
  document: ['ppt', 'pptx', 'pdf', 'xls', 'xlsx', 'doc', 'docx'],
  video: ['mp4', 'flv', 'avi', 'mov'],
  audio: ['mp3', 'aac'],
};

export const UPLOAD_CLASS_LABEL: Readonly<Record<UploadClass, string>> = {
  image: '图片',
  document: '文档',
  video: '视频',
  audio: '音频',
};

/** Whether a class name from the server is one of the upload classes. */
export function isUploadClass(cls: string): cls is UploadClass {
  return Object.hasOwn(UPLOAD_CLASS_LABEL, cls);
}

/** The two upload pages: files (documents and images) and media (video and audio). */
export type UploadKind = 'files' | 'media';

export const UPLOAD_KIND_CLASSES: Readonly<Record<UploadKind, readonly UploadClass[]>> = {
  files: ['document', 'image'],
  media: ['video', 'audio'],
};

/** How a class goes up: documents in slices with a scoped credential, the rest by one signed PUT. */
export type UploadRoute = 'sliced' | 'signed-put';

/** The classes that go up by one signed PUT: getMediaUploadUrl's `fileType`. */
export type MediaUploadClass = Exclude<UploadClass, 'document'>;

export function isMediaUploadClass(cls: UploadClass): cls is MediaUploadClass {
  return cls !== 'document';
}

export function uploadRouteOf(cls: UploadClass): UploadRoute {
  return isMediaUploadClass(cls) ? 'signed-put' : 'sliced';
}

/**
 * Where finished uploads go as tasks of a learning camp (01 §4 "Upload", 03 §4 "Upload to a
 * camp"): a camp and one of its phases.
 */
export interface CampContext {
  campId: number;
  phaseId: number;
  taskType: number;
  campCode?: string;
  /** The phase's name, when the page opening the upload knows it. */
  phaseName?: string;
  /**
   * The task whose file this upload replaces (a camp page re-uploading one task's file); without
   * it every file becomes a new task, whose id the item keeps.
   */
  taskId?: number;
}

/** The task type when the camp page names none (the spec lists no task types). */
export const DEFAULT_CAMP_TASK_TYPE = 1;

/** A whole number written in a query value, or null. */
const queryInteger = (value: string | null): number | null => {
  const text = value?.trim();
  if (!text || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
};

/**
 * The camp context of an upload page's query (`campId`, `phaseId`, optional `taskType` and
 * `campCode`), as the camp pages open it. Null unless both ids are positive: an upload without a
 * phase and camp id is not added as a task (01 §5).
 */
export function campContextFromQuery(query: URLSearchParams): CampContext | null {
  const camp: CampContext = {
    campId: queryInteger(query.get('campId')) ?? 0,
    phaseId: queryInteger(query.get('phaseId')) ?? 0,
    taskType: queryInteger(query.get('taskType')) ?? DEFAULT_CAMP_TASK_TYPE,
  };
  const campCode = query.get('campCode')?.trim();
  if (campCode) camp.campCode = campCode;
  return hasCampPhase(camp) ? camp : null;
}

/** Whether a camp context names a camp and a phase (01 §5); only then is a task added. */
export function hasCampPhase(camp: CampContext | null | undefined): camp is CampContext {
  return (
    !!camp &&
    Number.isSafeInteger(camp.campId) &&
    camp.campId > 0 &&
    Number.isSafeInteger(camp.phaseId) &&
    camp.phaseId > 0
  );
}

/** The extension after the last dot (lower case), or '' when the name has none. */
export function extensionOf(name: string): string {
  const trimmed = name.trim();
  const dot = trimmed.lastIndexOf('.');
  return dot > 0 && dot < trimmed.length - 1 ? trimmed.slice(dot + 1).toLowerCase() : '';
}

/** The class of a file name by its extension (case-insensitive), or null when not accepted. */
export function uploadClassOf(name: string): UploadClass | null {
  const ext = extensionOf(name);
  if (!ext) return null;
  for (const cls of Object.keys(UPLOAD_CLASS_EXTENSIONS) as UploadClass[]) {
    if (UPLOAD_CLASS_EXTENSIONS[cls].includes(ext)) return cls;
  }
  return null;
}

/** The accepted extensions of some classes, in the spec's order. */
export function extensionsOf(classes: readonly UploadClass[]): string[] {
  return classes.flatMap((c) => UPLOAD_CLASS_EXTENSIONS[c]);
}

/** The refusal of a type outside `classes`, e.g. 不支持的文件类型，仅支持 ppt、pptx、…. */
export function unsupportedTypeText(classes: readonly UploadClass[]): string {
  return `不支持的文件类型，仅支持 ${extensionsOf(classes).join('、')}`;
}

export const EMPTY_NAME_TEXT = '文件名不能为空';
export const TOO_LARGE_TEXT = `文件不能超过 ${formatFileSize(UPLOAD_MAX_FILE_BYTES)}`;

export type UploadCheck = { ok: true; cls: UploadClass; fileName: string } | { ok: false; message: string };

/**
 * Checks a picked file for a page accepting `classes`: its type (by extension), its size, and the
 * name it will be stored under (non-word characters → `_`, at most 95 characters).
 */
export function checkUpload(file: Pick<File, 'name' | 'size'>, classes: readonly UploadClass[]): UploadCheck {
  if (!file.name.trim()) return { ok: false, message: EMPTY_NAME_TEXT };
  const cls = uploadClassOf(file.name);
  if (!cls || !classes.includes(cls)) return { ok: false, message: `${file.name}：${unsupportedTypeText(classes)}` };
  if (file.size > UPLOAD_MAX_FILE_BYTES) return { ok: false, message: `${file.name}：${TOO_LARGE_TEXT}` };
  return { ok: true, cls, fileName: uploadFileName(file.name) };
}

/** MIME types of the accepted extensions, for the file picker's filter (`accept`). */
const MIME_OF: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  mp4: 'video/mp4',
  flv: 'video/x-flv',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
};

/** The picker filter of some classes: MIME type → extensions (react-dropzone's `accept`). */
export function acceptOf(classes: readonly UploadClass[]): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const ext of extensionsOf(classes)) {
    const mime = MIME_OF[ext] ?? 'application/octet-stream';
    (accept[mime] ??= []).push(`.${ext}`);
  }
  return accept;
}
