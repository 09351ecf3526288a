// File-name rules (spec 01 §5).

export const UPLOAD_NAME_LIMIT = 95;
export const DOWNLOAD_NAME_LIMIT = 100;

/**
 * Upload names (the server's `upload_file_name`): characters other than letters, digits and `_`
 * become underscores (Chinese characters are letters), and the name is cut to 95 characters
 * including the extension. An extension is what follows the last dot when it is ASCII letters
 * and digits; otherwise the whole name is the stem.
 */
export function uploadFileName(name: string): string {
  const trimmed = name.trim();
  const dot = trimmed.lastIndexOf('.');
  const ext = dot > 0 ? trimmed.slice(dot + 1) : '';
  const hasExt = ext !== '' && /^[A-Za-z0-9]+$/.test(ext);
  const stem = hasExt ? trimmed.slice(0, dot) : trimmed;
  const suffix = hasExt ? `.${ext}` : '';
  // By code point, as the server counts characters.
  const cleaned = Array.from(stem, (c) => (/^[\p{Alphabetic}\p{N}_]$/u.test(c) ? c : '_'));
  const keep = Math.max(1, UPLOAD_NAME_LIMIT - Array.from(suffix).length);
  return cleaned.slice(0, keep).join('') + suffix;
}

/** Download names: at most 100 characters, inner spaces removed, punctuation replaced by underscores. */
export function downloadFileName(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, '')
    .replace(/[\\/:*?"<>|,;'!@#$%^&()[\]{}+=~`，；：“”‘’！？（）【】《》、]/g, '_')
    .slice(0, DOWNLOAD_NAME_LIMIT);
}
