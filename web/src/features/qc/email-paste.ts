// E-mails pasted into 按邮箱批量添加 (project teams, `/tfGroup/emailList`): one per line or separated
// by commas, semicolons, spaces or their full-width forms, as copied from a sheet or a mail
// client ("张三 <zhang@x.com>" gives the address). Pure.

/** The server looks up at most this many at once. */
export const MAX_PASTED_EMAILS = 500;

/** Between entries; within an entry, spaces separate addresses or a display name from one. */
const ENTRY_SEPARATORS = /[\r\n,;，；、]+/;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

export interface PastedEmails {
  /** Distinct addresses in the order pasted, lower case. */
  emails: string[];
  /** Pieces that are no address, as pasted. */
  invalid: string[];
}

/** The pieces of an entry, with the display name before an address in angle brackets left out. */
function entryPieces(entry: string): string[] {
  const tokens = entry.split(/\s+/).filter((t) => t !== '');
  const isName = tokens.map(() => false);
  tokens.forEach((token, i) => {
    if (!token.includes('<')) return;
    // "张三 <zhang@x.cn>", "Zhang San <z@x.cn>": the words before it, up to an address, name it.
    for (let j = i - 1; j >= 0 && !tokens[j]?.includes('@'); j -= 1) isName[j] = true;
  });
  return tokens
    .filter((_, i) => !isName[i])
    .map((token) => /<([^<>]*)>/.exec(token)?.[1]?.trim() ?? token.trim())
    .filter((piece) => piece !== '');
}

/** The addresses in `text`; a repeated one counts once. */
export function parsePastedEmails(text: string): PastedEmails {
  const emails: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const piece of text.split(ENTRY_SEPARATORS).flatMap(entryPieces)) {
    const email = piece.toLowerCase();
    if (!EMAIL.test(email)) {
      invalid.push(piece);
    } else if (!seen.has(email)) {
      seen.add(email);
      emails.push(email);
    }
  }
  return { emails, invalid };
}

/** Why the pasted text cannot be looked up, or null. */
export function pastedEmailsError({ emails, invalid }: PastedEmails): string | null {
  if (invalid.length > 0)
    return `以下内容不是邮箱：${invalid.slice(0, 5).join('、')}${invalid.length > 5 ? ' 等' : ''}`;
  if (emails.length === 0) return '请粘贴邮箱，每行一个或用逗号分隔';
  if (emails.length > MAX_PASTED_EMAILS) return `一次最多${MAX_PASTED_EMAILS}个邮箱，当前${emails.length}个`;
  return null;
}
