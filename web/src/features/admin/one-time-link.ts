// One-time links (invitations, password resets) as the administrator hands them on: the server
// gives the path, the page adds its own origin. The link is shown once; a list of them can be
// saved as CSV.

import type { ImportedInvitation } from '@/generated/ImportedInvitation';
import { formatDateTime } from '@/lib/format';

/** The full link of a one-time link's path, on this page's origin. */
export function fullLink(path: string, origin: string = window.location.origin): string {
  return `${origin}${path}`;
}

/** A CSV field, quoted when it holds a comma, quote or line break. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The invitations of an import as CSV (with a BOM, so that spreadsheet programs read UTF-8). */
export function invitationsCsv(rows: readonly ImportedInvitation[], origin: string = window.location.origin): string {
  const lines = [
    ['行号', '邮箱', '邀请链接', '有效期至'],
    ...rows.map((r) => [
      String(r.line),
      r.email,
      fullLink(r.link.path, origin),
      formatDateTime(new Date(r.link.expiresAt)),
    ]),
  ];
  return `\uFEFF${lines.map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`;
}
