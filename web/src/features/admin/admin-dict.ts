// What the administration pages show of codes: role names, account states, invitation statuses,
// notice types, school and subject choices. Pure functions over the server's lists.

import { ROLES } from '@/config/constants';
import type { AdminSchool } from '@/generated/AdminSchool';
import type { StageInfo } from '@/generated/StageInfo';
import type { StageSubject } from '@/generated/StageSubject';

/** Account states (protocol::dto::admin ACCOUNT_*). */
export const AccountState = {
  Waiting: 0,
  Active: 1,
  Disabled: 2,
} as const;

export const ACCOUNT_STATE_LABELS: Readonly<Record<number, { label: string; color: string }>> = {
  [AccountState.Waiting]: { label: '待审核', color: 'orange' },
  [AccountState.Active]: { label: '正常', color: 'green' },
  [AccountState.Disabled]: { label: '已停用', color: 'gray' },
};

export const INVITATION_STATUS_LABELS: Readonly<Record<string, { label: string; color: string }>> = {
  open: { label: '待使用', color: 'blue' },
  used: { label: '已使用', color: 'green' },
  expired: { label: '已过期', color: 'gray' },
  revoked: { label: '已撤销', color: 'red' },
};

/** The notice types an administrator publishes (1 popup, 2 list, 7 banner). */
export const NOTICE_TYPES: readonly { value: number; label: string }[] = [
  { value: 1, label: '弹窗通知' },
  { value: 2, label: '列表通知' },
  { value: 7, label: '横幅通知' },
];

export function noticeTypeLabel(type: number): string {
  return NOTICE_TYPES.find((t) => t.value === type)?.label ?? String(type);
}

/** A role's name (its code when unknown). */
export function roleName(code: string): string {
  return ROLES.find((r) => r.code === code)?.name ?? code;
}

/** Role names joined for a table cell. */
export function roleNames(codes: readonly string[]): string {
  return codes.map(roleName).join('、');
}

/** The roles as select options. */
export const ROLE_OPTIONS = ROLES.map((r) => ({ value: r.code, label: r.name }));

/** The schools as select options: open ones first; a closed one says so. */
export function schoolOptions(schools: readonly AdminSchool[]): { value: string; label: string }[] {
  const open = schools.filter((s) => s.closedAt === undefined);
  const closed = schools.filter((s) => s.closedAt !== undefined);
  return [
    ...open.map((s) => ({ value: String(s.id), label: s.name })),
    ...closed.map((s) => ({ value: String(s.id), label: `${s.name}（已关闭）` })),
  ];
}

/** School names of ids (an unknown id as #id). */
export function schoolNames(ids: readonly number[], schools: readonly AdminSchool[]): string {
  return ids.map((id) => schools.find((s) => s.id === id)?.name ?? `#${id}`).join('、');
}

/** A stage and subject pair as a select value: `stage_subject`. */
export function pairValue(pair: StageSubject): string {
  return `${pair.stage}_${pair.subject}`;
}

/** The pair of a select value, null when malformed. */
export function pairOf(value: string): StageSubject | null {
  const match = /^(\d+)_(\d+)$/.exec(value);
  return match ? { stage: Number(match[1]), subject: Number(match[2]) } : null;
}

/** Every stage's subjects as grouped select options (高中 → 高中数学, …). */
export function subjectPairOptions(stages: readonly StageInfo[]) {
  return [...stages]
    .sort((a, b) => a.sort - b.sort)
    .map((stage) => ({
      group: stage.name,
      items: stage.subjects.map((subject) => ({
        value: pairValue({ stage: stage.code, subject: subject.code }),
        label: `${stage.name}${subject.name}`,
      })),
    }));
}

/** Pair names joined for a table cell (a pair outside the catalogue as stage/subject). */
export function subjectPairNames(pairs: readonly StageSubject[], stages: readonly StageInfo[]): string {
  return pairs
    .map((p) => {
      const stage = stages.find((s) => s.code === p.stage);
      const subject = stage?.subjects.find((s) => s.code === p.subject);
      return stage && subject ? `${stage.name}${subject.name}` : `${p.stage}/${p.subject}`;
    })
    .join('、');
}

/** E-mails typed into a box, separated by commas, semicolons, spaces or lines; each once. */
export function splitEmails(text: string): string[] {
  const emails = text
    .split(/[\s,;，；、]+/)
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
  return [...new Set(emails)];
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text.trim());
}

/** The share of recipients who read a notice, as a percentage ('-' without recipients). */
export function readRate(read: number, recipients: number): string {
  if (recipients <= 0) return '-';
  const percent = (read / recipients) * 100;
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}
