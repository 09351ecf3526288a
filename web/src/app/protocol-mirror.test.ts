// The values the web still copies from the protocol crate by hand (src/generated/codes.ts does not
// carry them yet), checked against the Rust source so that neither side drifts alone.

import { describe, expect, it } from 'vitest';
import {
  AI_ASSISTANT_MENU_CODE,
  DEFAULT_STAGE,
  EXPORT_FILE_TYPE,
  GENERAL_EDITION_SCHOOL_ID,
  KNOWLEDGE_BASE_BOOTSTRAP_SCENE,
  KNOWLEDGE_REPOSITORY_MENU_CODE,
  PROFILE_CARD_ROLES,
  ROLE_DIALOG_WIDTH,
  ROLES,
  SCIENCE_SUBJECT,
} from '@/config/constants';
import { FileStatus } from '@/features/download/download-rules';
import { LIVE_WATCH_MS, MAX_PATROL_REMARK_CHARS, PATROL_RESULTS } from '@/features/live-lesson/live-dict';
import { CopyStatus } from '@/features/library/knowledge-save-rules';
import { SERVICE_ROLES } from '@/features/qc/service-form';
import { UploadStatus } from '@/features/upload/upload-item';
import * as collab from '@/lib/collab';
import * as realtime from '@/lib/realtime';

const sources = import.meta.glob<string>(
  ['../../../protocol/src/{constants,push,dictionary}.rs', '../../../protocol/src/dto/live_lesson.rs'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

function source(name: string): string {
  const text = Object.entries(sources).find(([path]) => path.endsWith(`/${name}`))?.[1];
  if (text === undefined) throw new Error(`protocol/src/${name} not found`);
  return text;
}

/** The Rust `pub const NAME: T = value;` of `text`, with a constant it names resolved. */
function rustConst(text: string, name: string): string | number {
  const match = new RegExp(`pub const ${name}: [^=]+= ([^;]+);`).exec(text);
  if (!match?.[1]) throw new Error(`no constant ${name}`);
  const value = match[1].trim();
  if (value.startsWith('"')) return value.slice(1, -1);
  if (/^-?[\d_]+$/.test(value)) return Number(value.replaceAll('_', ''));
  // A product of literals (10 * 60 * 1000).
  if (/^[\d_]+( \* [\d_]+)+$/.test(value)) {
    return value.split(' * ').reduce((product, factor) => product * Number(factor.replaceAll('_', '')), 1);
  }
  return rustConst(text, value);
}

/** The variants of the Rust `enum name { A = 1, … }` of `text`. */
function rustEnum(text: string, name: string): Record<string, number> {
  const body = new RegExp(`pub enum ${name} \\{([^}]*)\\}`).exec(text)?.[1];
  if (body === undefined) throw new Error(`no enum ${name}`);
  const variants: Record<string, number> = {};
  for (const [, variant = '', value] of body.matchAll(/(\w+) = (-?\d+)/g)) variants[variant] = Number(value);
  return variants;
}

/** The body of the Rust `pub mod name { … }` of `text` (one level of braces inside). */
function rustModule(text: string, name: string): string {
  const start = text.indexOf(`pub mod ${name} {`);
  if (start < 0) throw new Error(`no module ${name}`);
  const end = text.indexOf('\n}', start);
  return text.slice(start, end);
}

describe('hand-copied protocol values', () => {
  const constants = source('constants.rs');
  const push = source('push.rs');

  it('match protocol::constants', () => {
    expect(DEFAULT_STAGE).toBe(rustConst(constants, 'DEFAULT_STAGE'));
    expect(SCIENCE_SUBJECT).toBe(rustConst(constants, 'SUBJECT_SCIENCE'));
    expect(GENERAL_EDITION_SCHOOL_ID).toBe(rustConst(constants, 'GENERAL_EDITION_SCHOOL_ID'));
    expect(KNOWLEDGE_BASE_BOOTSTRAP_SCENE).toBe(rustConst(constants, 'BOOTSTRAP_SCENE_KNOWLEDGE_BASE'));
    const limits = rustModule(constants, 'limits');
    expect(EXPORT_FILE_TYPE).toBe(rustConst(limits, 'EXPORT_FILE_TYPE_DEFAULT'));
    expect(ROLE_DIALOG_WIDTH).toBe(rustConst(limits, 'ROLE_DIALOG_WIDTH_PX'));
    const menuGroups = /pub const MENU_GROUPS: [^=]+= \[([^\]]*)\]/.exec(constants)?.[1] ?? '';
    expect(menuGroups).toContain(`"${KNOWLEDGE_REPOSITORY_MENU_CODE}"`);
    expect(menuGroups).toContain(`"${AI_ASSISTANT_MENU_CODE}"`);
    const role = rustModule(constants, 'role');
    expect(PROFILE_CARD_ROLES).toEqual([rustConst(role, 'TEACHER'), rustConst(role, 'TUTOR_ONLINE')]);
    expect(role).toContain('code == TEACHER || code == TUTOR_ONLINE');
  });

  it('match the roles that perform services and their names', () => {
    const role = rustModule(constants, 'role');
    const names = new Map(
      [...role.matchAll(/([A-Z][A-Z_]*) => "([^"]+)"/g)].map(([, c = '', n]) => [rustConst(role, c), n]),
    );
    const codes = ['TEACHER', 'LEARNING_MANAGER', 'CONSULTANT', 'TUTOR_ONLINE'].map((c) => rustConst(role, c));
    expect(SERVICE_ROLES.map((r) => [r.value, r.label])).toEqual(codes.map((c) => [c, names.get(c)]));
  });

  it('match every role and its name (role::ALL, role::name)', () => {
    const role = rustModule(constants, 'role');
    const all = /pub const ALL: [^=]+= \[([^\]]*)\]/.exec(role)?.[1] ?? '';
    const codes = all.split(',').map((c) => rustConst(role, c.trim()));
    const names = new Map(
      [...role.matchAll(/([A-Z][A-Z_]*) => "([^"]+)"/g)].map(([, c = '', n]) => [rustConst(role, c), n]),
    );
    const otherwise = /_ => "([^"]+)"/.exec(role)?.[1];
    expect(ROLES.map((r) => r.code)).toEqual(codes);
    expect(ROLES.map((r) => r.name)).toEqual(codes.map((c) => names.get(c) ?? otherwise));
  });

  it('match the status codes', () => {
    expect(FileStatus).toEqual(rustEnum(constants, 'DownloadStatus'));
    const upload = rustEnum(constants, 'UploadStatus');
    expect(UploadStatus).toEqual({
      Failed: upload.Failed,
      Waiting: upload.Waiting,
      Uploading: upload.Uploading,
      Success: upload.Done,
    });
    expect(CopyStatus.Success).toBe(rustConst(constants, 'COPY_STATUS_SUCCESS'));
    expect(CopyStatus.Failure).toBe(rustConst(constants, 'COPY_STATUS_FAILURE'));
  });

  it('match the live lessons’ limits (protocol::dto::live_lesson) and patrol results', () => {
    const liveLesson = source('live_lesson.rs');
    expect(LIVE_WATCH_MS).toBe(rustConst(liveLesson, 'LIVE_WATCH_MS'));
    expect(MAX_PATROL_REMARK_CHARS).toBe(rustConst(liveLesson, 'MAX_PATROL_REMARK_CHARS'));
    const results = /pub const PATROL_RESULTS: [^=]+= \[([^\]]*)\]/.exec(source('dictionary.rs'))?.[1] ?? '';
    expect(PATROL_RESULTS.map((r) => `(${r.value}, "${r.label}")`).join(', ')).toBe(results);
  });

  it('match protocol::push::close_code', () => {
    const closeCode = rustModule(push, 'close_code');
    expect(realtime.CLOSE_SESSION_GONE).toBe(rustConst(closeCode, 'NO_SESSION'));
    expect(realtime.CLOSE_FORBIDDEN).toBe(rustConst(closeCode, 'FORBIDDEN'));
    expect(realtime.CLOSE_SESSION_ENDED).toBe(rustConst(closeCode, 'SESSION_ENDED'));
    expect(collab.CLOSE_NO_SESSION).toBe(rustConst(closeCode, 'NO_SESSION'));
    expect(collab.CLOSE_FORBIDDEN).toBe(rustConst(closeCode, 'FORBIDDEN'));
    expect(collab.CLOSE_BAD_ADDRESS).toBe(rustConst(closeCode, 'BAD_REQUEST'));
  });
});
